/** A form-level message (a server error that belongs to no single field), announced at once. */
export function FormAlert({ message }: { message: string | undefined }) {
  if (!message) return null
  return (
    <p
      role="alert"
      className="rounded-lg border border-danger bg-danger/10 px-3 py-2 text-sm text-ink"
    >
      {message}
    </p>
  )
}
