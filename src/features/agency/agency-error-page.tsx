import { useEffect } from 'react'
import { m } from '~generated/paraglide/messages'
import { useLocale } from '~/lib/locale'
import { LogoMark } from '~/ui/logo'

/** Shown instead of the whole site when the agency is unknown (agency info answered 404). */
export function AgencyErrorPage() {
  const locale = useLocale()
  // No agency, so no agency title (useDocumentMeta): the tab still says what happened.
  useEffect(() => {
    document.title = m.agency_error_title({}, { locale })
  }, [locale])
  return (
    <main className="grid min-h-dvh place-items-center p-6 text-center">
      <div className="max-w-md space-y-3 rounded-2xl border border-line bg-surface-raised p-8">
        <LogoMark className="mx-auto size-16" />
        <h1 className="text-xl font-semibold">{m.agency_error_title()}</h1>
        <p className="text-ink-muted">{m.agency_error_contact_support()}</p>
        <p className="text-ink-muted">{m.agency_error_sorry()}</p>
      </div>
    </main>
  )
}
