import type { ReactNode } from 'react'
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components'
import { Icon } from './icon'

export type DrawerPlacement = 'left' | 'bottom'

const panel: Record<DrawerPlacement, string> = {
  // Spec: the side drawer is 393 px wide, never wider than the screen.
  left: 'fixed inset-y-0 left-0 w-[393px] max-w-[100vw] motion-safe:entering:animate-drawer-left-in motion-safe:exiting:animate-drawer-left-out',
  bottom:
    'fixed inset-x-0 bottom-0 max-h-[85dvh] rounded-t-2xl motion-safe:entering:animate-drawer-bottom-in motion-safe:exiting:animate-drawer-bottom-out',
}

type DrawerProps = {
  isOpen: boolean
  onOpenChange: (isOpen: boolean) => void
  placement: DrawerPlacement
  title: string
  /** react-aria ships no Lao or Thai strings: the close button's name comes from messages. */
  closeLabel: string
  /** Shown left of the title (e.g. the logo); decorative. */
  leading?: ReactNode
  children: ReactNode
}

/**
 * A modal panel sliding in from an edge: focus is trapped inside and restored on close,
 * Escape and a press outside close it, the page behind cannot scroll.
 */
export function Drawer({
  isOpen,
  onOpenChange,
  placement,
  title,
  closeLabel,
  leading,
  children,
}: DrawerProps) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable
      className="fixed inset-0 z-50 bg-black/60 motion-safe:entering:animate-fade-in motion-safe:exiting:animate-fade-out"
    >
      <Modal
        // The edge is a ring (a shadow), not a border, so the panel is exactly its width.
        className={`flex flex-col bg-surface-raised text-ink shadow-2xl ring-1 ring-line outline-none ${panel[placement]}`}
      >
        <Dialog className="flex min-h-0 flex-1 flex-col outline-none">
          <div className="flex items-center gap-3 border-b border-line px-4 py-2">
            {leading}
            <Heading slot="title" className="flex-1 text-base font-semibold">
              {title}
            </Heading>
            <Button
              slot="close"
              aria-label={closeLabel}
              className="grid size-11 cursor-pointer place-items-center rounded-lg text-ink-muted hover:bg-surface-overlay hover:text-ink focus-visible:outline-3 focus-visible:outline-accent"
            >
              <Icon name="close" />
            </Button>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">{children}</div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  )
}
