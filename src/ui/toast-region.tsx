import {
  Button,
  Text,
  UNSTABLE_Toast as AriaToast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastRegion as ToastRegion,
} from 'react-aria-components'
import { toastQueue, type ToastTone } from './toast'

const toneClass: Record<ToastTone, string> = {
  info: 'border-line',
  success: 'border-success',
  error: 'border-danger',
}

type ToastsProps = {
  /** The close button's name. */
  closeLabel: string
  /** The region's name, which F8 and a screen reader's landmark list announce. */
  regionLabel: string
}

/**
 * The one toast region (react-aria: F8 moves focus into it, toasts are announced). Phones
 * show it under the header, clear of the bottom bar and the scroll-to-top button.
 * Both labels come from messages: react-aria ships no Lao or Vietnamese strings of its own,
 * and without `aria-label` it named the region in English on a Lao page ("0 notifications.",
 * formatted with `Intl.PluralRules` and `Intl.NumberFormat` as the region mounted at idle).
 */
export function Toasts({ closeLabel, regionLabel }: ToastsProps) {
  return (
    <ToastRegion
      queue={toastQueue}
      aria-label={regionLabel}
      className="fixed top-20 right-4 left-4 z-50 flex flex-col items-center gap-2 outline-none bar:top-auto bar:bottom-20 bar:left-auto bar:w-96"
    >
      {({ toast }) => (
        <AriaToast
          toast={toast}
          className={`flex w-full items-start gap-3 rounded-xl border-2 bg-surface-overlay p-4 shadow-lg focus-visible:outline-3 focus-visible:outline-accent ${toneClass[toast.content.tone ?? 'info']}`}
        >
          <ToastContent className="flex flex-1 flex-col gap-1">
            <Text slot="title" className="font-semibold">
              {toast.content.title}
            </Text>
            {toast.content.description && (
              <Text slot="description" className="text-sm text-ink-muted">
                {toast.content.description}
              </Text>
            )}
          </ToastContent>
          {toast.content.action && (
            <Button
              onPress={() => {
                toast.content.action?.onAction()
                toastQueue.close(toast.key)
              }}
              className="min-h-8 shrink-0 rounded-md bg-accent px-3 text-sm font-semibold text-surface focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent"
            >
              {toast.content.action.label}
            </Button>
          )}
          <Button
            slot="close"
            aria-label={closeLabel}
            className="grid size-8 shrink-0 place-items-center rounded-md text-ink-muted hover:bg-surface focus-visible:outline-3 focus-visible:outline-accent"
          >
            <span aria-hidden="true">✕</span>
          </Button>
        </AriaToast>
      )}
    </ToastRegion>
  )
}
