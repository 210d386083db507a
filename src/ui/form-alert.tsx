const ALERT_CLASS = 'rounded-lg border border-danger bg-danger/10 px-3 py-2 text-sm text-ink'

/** A form-level message (a server error that belongs to no single field), announced at once. */
export function FormAlert({ message }: { message: string | undefined }) {
  if (!message) return null
  return (
    <p role="alert" className={ALERT_CLASS}>
      {message}
    </p>
  )
}

type CountdownAlertProps = {
  /** What is on screen, changing as it counts (`Try again in 12 seconds`); not announced. */
  shown: string
  /** What a screen reader hears: once when the wait starts, once when it is over. */
  announced: string
}

/**
 * A polite live region only a screen reader hears (what a visible countdown says, told once
 * rather than every second).
 */
export function ScreenReaderStatus({ children }: { children: string }) {
  return (
    <p role="status" className="sr-only">
      {children}
    </p>
  )
}

/**
 * A wait that counts down (a 429's Retry-After): the visible line changes every second, while
 * the polite live region says the start and the end only, not every second.
 */
export function CountdownAlert({ shown, announced }: CountdownAlertProps) {
  return (
    <>
      <p className={ALERT_CLASS}>{shown}</p>
      <ScreenReaderStatus>{announced}</ScreenReaderStatus>
    </>
  )
}
