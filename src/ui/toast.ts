import { UNSTABLE_ToastQueue as ToastQueue } from 'react-aria-components'

// The queue is all a feature needs to show a toast; the region that draws them is
// ./toast-region.tsx, loaded at idle or with the first toast.

export type ToastTone = 'info' | 'success' | 'error'
export type ToastMessage = {
  title: string
  description?: string
  tone?: ToastTone
  /** One button that acts and closes the toast ("Reload to update", "Install"). */
  action?: { label: string; onAction: () => void }
}

/** Spec section 4: at most 1 toast at a time, 5000 ms by default. */
export const MAX_VISIBLE_TOASTS = 1
export const TOAST_TIMEOUT_MS = 5000

export const toastQueue = new ToastQueue<ToastMessage>({ maxVisibleToasts: MAX_VISIBLE_TOASTS })

export function showToast(message: ToastMessage, timeout: number = TOAST_TIMEOUT_MS) {
  return toastQueue.add(message, { timeout })
}

/** A toast that stays until the player acts or closes it (react-aria: no timeout). */
export function showLastingToast(message: ToastMessage) {
  return toastQueue.add(message)
}
