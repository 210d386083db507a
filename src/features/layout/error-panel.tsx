import { useState } from 'react'
import { m } from '~generated/paraglide/messages'
import { Button } from '~/ui/button'

type ErrorPanelProps = { error: unknown; reset?: () => void }

/** Spec: an error panel reading "Something went wrong!" with a Show Error / Hide Error toggle. */
export function ErrorPanel({ error, reset }: ErrorPanelProps) {
  const [shown, setShown] = useState(false)
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
  return (
    <div
      role="alert"
      className="mx-auto my-10 max-w-lg space-y-4 rounded-2xl border border-line bg-surface-raised p-6"
    >
      <h1 className="text-lg font-semibold">{m.error_something_went_wrong()}</h1>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" aria-expanded={shown} onPress={() => setShown((s) => !s)}>
          {shown ? m.error_hide_error() : m.error_show_error()}
        </Button>
        {reset && <Button onPress={reset}>{m.error_try_again()}</Button>}
      </div>
      {shown && (
        <pre className="overflow-auto rounded-lg bg-surface p-3 text-xs text-danger">{detail}</pre>
      )}
    </div>
  )
}
