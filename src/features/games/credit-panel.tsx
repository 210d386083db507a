import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { m } from '~generated/paraglide/messages'
import { providerCreditOptions } from '~/widgets/provider-credits'
import { errorMessage } from '~/domain/error-messages'
import { formatMoney } from '~/domain/format'
import { PROVIDER_NAMES, type Provider } from '~/lib/game-catalogue'
import { Button } from '~/ui/button'
import { Spinner } from '~/ui/spinner'
import { RefreshButton } from './refresh-button'

/**
 * The player's credit at this provider. The query has stale time 0 (lib/api/credits), so it
 * is asked again on every visit and every window focus; while it is, the last amount stays,
 * dimmed, with a spinner and "updating" beside it. The box has a fixed height: nothing below
 * moves when the amount arrives.
 */
export function CreditPanel({ provider }: { provider: Provider }) {
  const query = useQuery(providerCreditOptions(provider))
  const labelId = useId()
  const refreshing = query.isFetching && query.data !== undefined

  return (
    <section
      aria-labelledby={labelId}
      className="flex min-h-24 items-center gap-3 rounded-2xl border border-line bg-surface-raised p-4"
    >
      <div className="flex min-w-0 flex-1 flex-col gap-1" aria-busy={query.isFetching}>
        <h2 id={labelId} className="text-sm text-ink-muted">
          {m.game_credit_label({ provider: PROVIDER_NAMES[provider] })}
        </h2>
        {query.data ? (
          <p
            className={`text-2xl font-semibold wrap-anywhere tabular-nums transition-opacity ${refreshing ? 'opacity-60' : ''}`}
          >
            {formatMoney(query.data.amount, query.data.currency)}
          </p>
        ) : query.isError ? (
          <p role="alert" className="text-sm text-danger">
            {m.game_credit_failed()} {errorMessage(query.error)}
          </p>
        ) : (
          <p className="h-8 w-32 animate-pulse rounded-md bg-surface-overlay">
            <span className="sr-only">{m.game_credit_refreshing()}</span>
          </p>
        )}
        {/* Polite, so a screen reader hears that the balance is being checked again. */}
        <p role="status" className="flex min-h-5 items-center gap-2 text-xs text-ink-muted">
          {refreshing && (
            <>
              <Spinner className="size-3" />
              {m.game_credit_refreshing()}
            </>
          )}
        </p>
      </div>
      {query.isError && !query.data ? (
        <Button
          variant="secondary"
          onPress={() => void query.refetch()}
          isLoading={query.isFetching}
        >
          {m.error_try_again()}
        </Button>
      ) : (
        <RefreshButton className="border border-line" />
      )}
    </section>
  )
}
