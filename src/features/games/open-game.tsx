import { Link } from '@tanstack/react-router'
import { useCallback, useEffect, useState } from 'react'
import { m } from '~generated/paraglide/messages'
import { isApiError } from '~/lib/api/error'
import { useOpenGameMutation } from '~/lib/api/games'
import { errorMessage } from '~/domain/error-messages'
import { rateLimitWait, useRetryAfter } from '~/lib/retry-after'
import type { Provider } from '~/lib/game-catalogue'
import { links } from '~/lib/navigation'
import { isFinalAnswer, useKeyedSubmit } from '~/widgets/keyed-submit'
import { ServerAlert } from '~/widgets/server-alert'
import { Button, buttonStyles } from '~/ui/button'
import { Dialog, DialogFooter } from '~/ui/dialog'
import type { Game } from './game-data'
import { launchUrl } from './launch-url'

/**
 * How the browser goes to a game: the same tab (decision 010). Phone browsers and the in-app
 * browsers players arrive from (LINE, Facebook) block or mishandle a window opened after an
 * await; a same-tab navigation is never blocked, and Back returns to the list.
 */
export const sameTabLaunch = (url: string) => window.location.assign(url)

type Failure = { game: Game; error: unknown } | { game: Game; refused: true }

/**
 * Opening a game: POST openGame with the intent's Idempotency-Key (a double tap, or a retry
 * after a timeout, opens the game once), then the launch URL, if it is http(s).
 */
export function useOpenGame(provider: Provider, launch: (url: string) => void = sameTabLaunch) {
  const mutation = useOpenGameMutation()
  const keyed = useKeyedSubmit()
  const [opening, setOpening] = useState<string>()
  const [failure, setFailure] = useState<Failure>()

  // Coming back with Back from the game restores this page from the back-forward cache, with
  // the state it had while leaving: the buttons must not stay "opening".
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setOpening(undefined)
    }
    window.addEventListener('pageshow', onPageShow)
    return () => window.removeEventListener('pageshow', onPageShow)
  }, [])

  const { mutateAsync } = mutation
  const open = useCallback(
    (game: Game) => {
      setOpening(game.code)
      setFailure(undefined)
      // Each game is its own intent: a tap on the game again after a failure reuses its key
      // until the server answered for good (after a deposit, not the old 403 again).
      const body = { provider, gameCode: game.code }
      void keyed
        .submit(body, (key) =>
          mutateAsync({ params: { header: { 'Idempotency-Key': key } }, body }),
        )
        .then((sent) => {
          if (sent.state === 'busy') return
          if (sent.state === 'failed') {
            setOpening(undefined)
            setFailure({ game, error: sent.error })
            return
          }
          const url = launchUrl(typeof sent.data?.url === 'string' ? sent.data.url : '')
          if (!url) {
            setOpening(undefined)
            setFailure({ game, refused: true })
            return
          }
          // `opening` stays set: the page is being left, a second tap must not open another.
          launch(url)
        })
    },
    [provider, mutateAsync, keyed, launch],
  )

  return { open, opening, failure, dismiss: () => setFailure(undefined) }
}

type OpenGameErrorProps = {
  failure: Failure | undefined
  onDismiss: () => void
  onRetry: (game: Game) => void
}

/**
 * Why a game did not open, in a dialog (the player may have scrolled far down a long list, so a
 * banner at the top would go unseen). "Please deposit first" links to the deposit page; a
 * failure of the network or the server offers to try again with the same key.
 */
export function OpenGameError({ failure, onDismiss, onRetry }: OpenGameErrorProps) {
  const error = failure && 'error' in failure ? failure.error : undefined
  const needsDeposit = isApiError(error) && error.code === 'GAME_REQUIRES_DEPOSIT'
  // Not answered for good (offline, a failing server, still in progress): the same key again.
  const retryable = isApiError(error) && !isFinalAnswer(error)
  // A 429's Retry-After: counted down, "try again" off until it is over.
  const secondsLeft = useRetryAfter(error)
  return (
    <Dialog
      isOpen={failure !== undefined}
      onOpenChange={(open) => !open && onDismiss()}
      title={m.game_open_failed_title()}
      role="alertdialog"
    >
      {rateLimitWait(error) ? (
        <ServerAlert error={error} secondsLeft={secondsLeft} />
      ) : (
        <p>{failure && ('refused' in failure ? m.game_launch_refused() : errorMessage(error))}</p>
      )}
      <DialogFooter>
        <Button variant="secondary" onPress={onDismiss}>
          {m.layout_close()}
        </Button>
        {needsDeposit && (
          <Link {...links.deposit} className={buttonStyles()}>
            {m.game_deposit_link()}
          </Link>
        )}
        {retryable && failure && (
          <Button isDisabled={secondsLeft > 0} onPress={() => onRetry(failure.game)}>
            {m.error_try_again()}
          </Button>
        )}
      </DialogFooter>
    </Dialog>
  )
}
