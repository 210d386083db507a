import { useLayoutEffect, type RefObject } from 'react'
import { flushSync } from 'react-dom'

/**
 * Measures an element once the browser has laid it out, and again whenever `observed` resizes,
 * in a ResizeObserver's callbacks: they come after the browser's own layout and before the
 * frame paints. Read inside React's commit, a size or a position forced the page's whole style
 * and layout into it (on /player/game/askmebet 36 + 35 ms at full speed in a 145 ms task;
 * the trace of a Lighthouse run). A
 * changed value is drawn at once (flushSync), in the same frame. Old phone browsers (and
 * jsdom) have no ResizeObserver: there it measures once, in the commit.
 *
 * `measure` gets the observer's entry when there is one; its callers stay the same for the
 * component's life.
 */
export function useMeasureAfterLayout<T>(
  observed: RefObject<Element | null> | (() => Element),
  measure: (entry?: ResizeObserverEntry) => T,
  apply: (value: T) => void,
) {
  useLayoutEffect(() => {
    const element = typeof observed === 'function' ? observed() : observed.current
    if (!element) return
    if (typeof ResizeObserver === 'undefined') {
      apply(measure())
      return
    }
    const observer = new ResizeObserver(([entry]) => {
      const value = measure(entry)
      flushSync(() => apply(value))
    })
    observer.observe(element)
    return () => observer.disconnect()
    // Once per mount, as the callers' elements are.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
}
