import { useEffect } from 'react'
import { m } from '~generated/paraglide/messages'
import { useLocale } from '~/lib/locale'

/**
 * The tab title and the meta description name the agency, in the player's language (what a
 * shared link or a search result shows). index.html cannot know the agency: they are set
 * here once agency info is in (the page may draw before), and again on every language switch.
 */
export function useDocumentMeta(agencyName: string | undefined) {
  const locale = useLocale()
  useEffect(() => {
    if (agencyName === undefined) return
    document.title = m.agency_meta_title({ name: agencyName }, { locale })
    let description = document.head.querySelector<HTMLMetaElement>('meta[name="description"]')
    if (!description) {
      description = document.createElement('meta')
      description.name = 'description'
      document.head.append(description)
    }
    description.content = m.agency_meta_description({ name: agencyName }, { locale })
  }, [agencyName, locale])
}
