type SpinnerProps = {
  className?: string
  label?: string
  /**
   * A wait for data (a page's or a panel's loading state): the ring stands still for its
   * first second and turns after (`animate-wait`, src/styles.css). Without it the ring turns
   * at once, as an action's progress should (a pressed button, a logout).
   */
  isWait?: boolean
}

/** The two motions: an action's progress turns at once, a wait for data after a second. */
const TURNING = {
  action: 'animate-spin motion-reduce:animate-[spin_1.5s_linear_infinite]',
  wait: 'animate-wait motion-reduce:animate-wait-slow',
}

/** A small rotating ring; decorative unless given a label. */
export function Spinner({ className = 'size-4', label, isWait = false }: SpinnerProps) {
  return (
    <span
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      className={`inline-block rounded-full border-2 border-current border-t-transparent ${isWait ? TURNING.wait : TURNING.action} ${className}`}
    />
  )
}
