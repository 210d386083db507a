import { m } from '~generated/paraglide/messages'
import { isApiError } from '~/lib/api/error'
import { errorMessage } from '~/domain/error-messages'
import type { Provider } from '~/lib/game-catalogue'
import { ErrorState } from '~/ui/query-state'
import { Spinner } from '~/ui/spinner'
import { WithdrawFigures } from './withdraw-figures'
import { useCachedQuote } from './withdraw-quote'

type QuotePanelProps = {
  provider: Provider | null
  credit: string | undefined
  isValidating: boolean
  hasError: boolean
  onRetry: () => void
}

function Calculating() {
  return (
    <p role="status" className="flex items-center gap-2 text-ink-muted">
      <Spinner className="size-5" isWait />
      {m.withdraw_quote_calculating()}
    </p>
  )
}

/** A 4xx of the quote is a rule's answer, already shown at the credit field. */
function isRuleRefusal(error: unknown) {
  return isApiError(error) && error.status >= 400 && error.status < 500
}

type QuoteBodyProps = Omit<QuotePanelProps, 'provider' | 'credit'> & {
  provider: Provider
  credit: string
}

/** The quote of a complete form: asking, failed (with retry), or its figures. */
function QuoteBody({ provider, credit, isValidating, hasError, onRetry }: QuoteBodyProps) {
  const quote = useCachedQuote(provider, credit)
  if (isValidating) return <Calculating />
  if (quote.isError && !isRuleRefusal(quote.error)) {
    return (
      <ErrorState
        title={m.withdraw_quote_failed()}
        message={errorMessage(quote.error)}
        onRetry={onRetry}
      />
    )
  }
  if (!hasError && quote.data) return <WithdrawFigures split={quote.data} />
  return <p className="text-ink-muted">{m.withdraw_quote_hint()}</p>
}

/**
 * The quote for what is on the form, read from the cache the credit check fills (it never
 * fetches by itself, so the debounce stays the check's). Its room is reserved, so the button
 * does not jump while figures come and go.
 */
export function QuotePanel({ provider, credit, ...state }: QuotePanelProps) {
  return (
    <section
      aria-labelledby="withdraw-quote-title"
      aria-live="polite"
      className="flex min-h-64 flex-col gap-3 rounded-xl border border-line bg-surface-raised p-4"
    >
      <h2 id="withdraw-quote-title" className="font-semibold">
        {m.withdraw_quote_title()}
      </h2>
      {provider !== null && credit !== undefined ? (
        <QuoteBody provider={provider} credit={credit} {...state} />
      ) : (
        <p className="text-ink-muted">{m.withdraw_quote_hint()}</p>
      )}
    </section>
  )
}
