// When the screen has drawn what a tap changed: work that can wait a frame runs after it.

/** Resolves once the next frame has been painted (`afterNextPaint`). */
export function nextPaint(): Promise<void> {
  return new Promise((resolve) => afterNextPaint(resolve))
}

/**
 * Runs `run` once the next frame has been painted (a task queued from a frame callback runs
 * after that frame's style, layout and paint), so reading layout there (`scrollY`,
 * `getBoundingClientRect`) costs nothing: the layout is already done. A hidden page paints no
 * frame, hence `fallbackMs`. Returns a cancel function.
 */
export function afterNextPaint(run: () => void, fallbackMs = 500): () => void {
  let done = false
  let task: ReturnType<typeof setTimeout> | undefined
  const frame =
    typeof window.requestAnimationFrame === 'function'
      ? window.requestAnimationFrame(() => (task = setTimeout(once, 0)))
      : undefined
  const fallback = setTimeout(once, fallbackMs)
  // Whichever comes first, the frame's task or the fallback, runs `run`; the other is dropped,
  // so no frame callback is left waiting once `run` has run.
  function cancel() {
    done = true
    if (frame !== undefined) window.cancelAnimationFrame(frame)
    clearTimeout(task)
    clearTimeout(fallback)
  }
  function once() {
    if (done) return
    cancel()
    run()
  }
  return cancel
}
