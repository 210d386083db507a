import { useEffect } from 'react'
import { m } from '~generated/paraglide/messages'
import {
  linkWebManifestWhenQuiet,
  onInstallOffer,
  registerServiceWorker,
} from '~/lib/service-worker'
import { showLastingToast, showToast } from '~/ui/toast'

/** How long the install offer stays before it goes by itself (ms): a suggestion, not a gate. */
const INSTALL_OFFER_MS = 15_000

/**
 * The installable site in the shell (decision 017): the service worker registered at idle, the
 * manifest linked once the page is quiet, a new deploy announced by a toast with "Reload to
 * update" (never a stale app or a chunk error), and the install offered once, in the same
 * toast region, never as a dialog.
 */
export function useAppUpdates(agencyName: string | undefined) {
  useEffect(() => {
    void linkWebManifestWhenQuiet()
    void registerServiceWorker((reload) =>
      showLastingToast({
        title: m.layout_update_text(),
        action: { label: m.layout_update_reload(), onAction: reload },
      }),
    )
  }, [])
  // The offer names the agency: it waits for agency info.
  useEffect(
    () =>
      agencyName === undefined
        ? undefined
        : onInstallOffer((install) =>
            showToast(
              {
                title: m.layout_install_text({ name: agencyName }),
                action: { label: m.layout_install_action(), onAction: install },
              },
              INSTALL_OFFER_MS,
            ),
          ),
    [agencyName],
  )
}
