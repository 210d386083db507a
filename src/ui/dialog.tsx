import type { ReactNode } from 'react'
import { LazyOverlay, lazyOverlay } from './lazy-overlay'
import type { DialogProps } from './modal-dialog'

export type { DialogProps }

const ModalDialog = lazyOverlay(async () => (await import('./modal-dialog')).ModalDialog)

/**
 * A centered modal dialog (react-aria: focus is trapped and restored, Escape closes, the
 * page behind is inert and does not scroll). It mounts on first open like the other overlays,
 * its code (and react-aria's modal machinery) fetched ahead once the page has settled
 * (`LazyOverlay`): a page that only may ask a question (cancel an order, a promotion) does
 * not carry them in its first load.
 */
export function Dialog(props: DialogProps) {
  return (
    <LazyOverlay isOpen={props.isOpen}>
      <ModalDialog {...props} />
    </LazyOverlay>
  )
}

/** The row of actions at the bottom of a dialog. */
export function DialogFooter({ children }: { children: ReactNode }) {
  return <div className="mt-2 flex flex-wrap justify-end gap-2">{children}</div>
}
