import { m } from '~generated/paraglide/messages'
import { errorMessage } from '~/domain/error-messages'
import { rateLimitWait } from '~/lib/retry-after'
import { CountdownAlert, FormAlert } from '~/ui/form-alert'

type ServerAlertProps = {
  /** The failed submit's error that belongs to no field (undefined: nothing to show). */
  error: unknown
  /** `useRetryAfter(error)`: the same count disables the form's submit. */
  secondsLeft: number
}

/**
 * The form-level alert of every form that calls the server: the error's message, or for a 429
 * RATE_LIMITED with Retry-After a live countdown of the wait, then "you can try again now".
 */
export function ServerAlert({ error, secondsLeft }: ServerAlertProps) {
  const wait = rateLimitWait(error)
  if (!wait) return <FormAlert message={error === undefined ? undefined : errorMessage(error)} />
  const over = secondsLeft === 0
  return (
    <CountdownAlert
      shown={
        over ? m.errors_rate_limited_over() : m.errors_rate_limited_wait({ seconds: secondsLeft })
      }
      announced={
        over ? m.errors_rate_limited_over() : m.errors_rate_limited_wait({ seconds: wait })
      }
    />
  )
}
