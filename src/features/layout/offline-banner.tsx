import { m } from '~generated/paraglide/messages'
import { Icon } from '~/ui/icon'
import { useOnlineStatus } from '~/lib/online'

/**
 * Says so while the browser is offline. The live region is always in the page so screen
 * readers announce the text when it appears; queries resume by themselves when back online.
 */
export function OfflineBanner() {
  const online = useOnlineStatus()
  return (
    <div role="status">
      {!online && (
        <p className="flex items-center justify-center gap-2 bg-warning px-4 py-2 text-center text-sm font-semibold text-surface">
          <Icon name="offline" />
          {m.offline_banner()}
        </p>
      )}
    </div>
  )
}
