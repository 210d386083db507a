import type { ReactNode } from 'react'
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from 'react-aria-components'

// The dialog itself; pages use `Dialog` (./dialog), which loads this on first open or at idle.

export type DialogProps = {
  isOpen: boolean
  onOpenChange?: (isOpen: boolean) => void
  title: string
  children: ReactNode
  /** `alertdialog` for messages that need an answer (no dismiss by outside click). */
  role?: 'dialog' | 'alertdialog'
  /** Outside click closes it; Escape always does unless the dialog is an alert. */
  isDismissable?: boolean
}

/**
 * A centered modal dialog (react-aria: focus is trapped and restored, Escape closes,
 * the page behind is inert and does not scroll).
 */
export function ModalDialog({
  isOpen,
  onOpenChange,
  title,
  children,
  role = 'dialog',
  isDismissable = role === 'dialog',
}: DialogProps) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={isDismissable}
      isKeyboardDismissDisabled={role === 'alertdialog'}
      className="fixed inset-0 z-50 grid place-items-center overflow-y-auto bg-black/60 p-4"
    >
      <Modal className="w-full max-w-md rounded-2xl border border-line bg-surface-raised shadow-xl">
        <AriaDialog role={role} className="flex flex-col gap-4 p-6 outline-none">
          <Heading slot="title" className="text-lg font-semibold">
            {title}
          </Heading>
          {children}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  )
}
