import type { ReactNode } from 'react'
import { m } from '~generated/paraglide/messages'
import { Button } from './button'
import { Spinner } from './spinner'

/**
 * A loading block that holds the room of what it stands for (`className` gives the height),
 * so nothing shifts when the data arrives; announced politely to screen readers.
 */
export function LoadingState({
  className = 'min-h-40',
  label,
}: {
  className?: string
  label?: string
}) {
  return (
    <div
      role="status"
      className={`flex items-center justify-center gap-3 text-ink-muted ${className}`}
    >
      <Spinner className="size-6" isWait />
      <span>{label ?? m.layout_loading()}</span>
    </div>
  )
}

type ErrorStateProps = {
  /** What failed, already translated (`errorMessage(error)` of ~/domain/error-messages). */
  message: string
  title?: string
  onRetry: () => void
  isRetrying?: boolean
}

/** A failed load with its reason and a retry: never a blank page or an endless spinner. */
export function ErrorState({ message, title, onRetry, isRetrying = false }: ErrorStateProps) {
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded-xl border border-danger/60 bg-danger/10 p-4"
    >
      <p className="font-semibold">{title ?? m.list_load_failed()}</p>
      <p className="text-sm text-ink-muted">{message}</p>
      <Button variant="secondary" onPress={onRetry} isLoading={isRetrying}>
        {m.error_try_again()}
      </Button>
    </div>
  )
}

type RefreshFailedProps = Omit<ErrorStateProps, 'title'>

/**
 * A refetch failed while the screen still holds what it loaded before (a player back from
 * another app on a flaky line): that stays on screen, and a quiet notice says it may be out of
 * date, with a retry. The page's error state is for a page with nothing to show.
 */
export function RefreshFailedNotice({ message, onRetry, isRetrying = false }: RefreshFailedProps) {
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-line bg-surface-raised px-4 py-2 text-sm"
    >
      <p className="min-w-0 flex-1 text-ink-muted">
        {m.list_refresh_failed()} {message}
      </p>
      <Button variant="secondary" onPress={onRetry} isLoading={isRetrying}>
        {m.error_try_again()}
      </Button>
    </div>
  )
}

/** An empty list, said in words, with an optional next step (a link or button). */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-line p-8 text-center">
      <p className="font-semibold wrap-anywhere">{title}</p>
      {children}
    </div>
  )
}
