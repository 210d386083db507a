import { m } from '~generated/paraglide/messages'
import { useLocale } from '~/lib/locale'
import { Icon } from '~/ui/icon'
import { LogoMark } from '~/ui/logo'
import { useOnlineStatus } from '~/lib/online'

/**
 * Shown while a page (its code or its data) loads: our logo in a turning ring. Offline, the
 * requests are paused rather than failing, so instead of spinning forever it says why.
 */
export function PagePending() {
  useLocale()
  const online = useOnlineStatus()
  return (
    <div role="status" className="grid min-h-[50dvh] place-items-center p-8 text-center">
      <div className="flex flex-col items-center gap-4">
        <span className="relative grid size-20 place-items-center">
          {online && (
            <span
              aria-hidden="true"
              className="absolute inset-0 animate-spin rounded-full border-4 border-line border-t-accent motion-reduce:animate-[spin_2s_linear_infinite]"
            />
          )}
          <LogoMark className="size-12" />
        </span>
        {online ? (
          <span className="sr-only">{m.layout_loading()}</span>
        ) : (
          <p className="flex max-w-sm items-center gap-2 text-sm text-ink-muted">
            <Icon name="offline" />
            {m.offline_banner()}
          </p>
        )}
      </div>
    </div>
  )
}
