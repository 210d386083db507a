import type { Key } from 'react-aria-components'
import { Button } from 'react-aria-components'
import { m } from '~generated/paraglide/messages'
import { afterNextPaint } from '~/lib/idle'
import { BCP47, changeLocale, locales, useLocale, type Locale } from '~/lib/locale'
import { Icon } from '~/ui/icon'
import { LazyMenu } from '~/widgets/lazy-menu'
import { showToast } from '~/ui/toast'

/**
 * Each language is named in itself, whatever the current language (a reader looks for the
 * name they can read), so these are data, not messages.
 */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  lo: 'ພາສາລາວ',
  cn: '简体中文',
  vn: 'Tiếng Việt',
  th: 'ภาษาไทย',
}

/** The language switch: re-renders the site in place, keeps what the player typed. */
export function LanguageMenu() {
  const locale = useLocale()
  return (
    <LazyMenu
      label={m.lang_label()}
      selectionMode="single"
      selectedKeys={[locale]}
      // Once the frame that closes the menu is painted: the whole page drawn again in the
      // language inside the tap left it unanswered on a slow phone (decision 020). A language
      // whose messages could not be fetched: the page stays as it is, and says so.
      onAction={(key: Key) =>
        afterNextPaint(() =>
          changeLocale(String(key), () =>
            showToast({ title: m.lang_load_failed(), tone: 'error' }),
          ),
        )
      }
      options={locales.map((id) => ({
        id,
        textValue: LANGUAGE_NAMES[id],
        children: <span lang={BCP47[id]}>{LANGUAGE_NAMES[id]}</span>,
      }))}
    >
      <Button
        aria-label={m.lang_button({ language: LANGUAGE_NAMES[locale] })}
        className="inline-flex min-h-10 min-w-10 cursor-pointer items-center justify-center gap-2 rounded-lg text-sm bar:min-h-11 bar:min-w-11 text-ink hover:bg-surface-overlay focus-visible:outline-3 focus-visible:outline-accent bar:px-3"
      >
        <Icon name="globe" />
        <span className="hidden bar:inline" lang={BCP47[locale]}>
          {LANGUAGE_NAMES[locale]}
        </span>
        <Icon name="chevronDown" className="hidden size-4 bar:block" />
      </Button>
    </LazyMenu>
  )
}
