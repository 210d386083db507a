type SpinnerProps = { className?: string; label?: string }

/** A small rotating ring; decorative unless given a label. */
export function Spinner({ className = 'size-4', label }: SpinnerProps) {
  return (
    <span
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      className={`inline-block animate-spin rounded-full border-2 border-current border-t-transparent motion-reduce:animate-[spin_1.5s_linear_infinite] ${className}`}
    />
  )
}
