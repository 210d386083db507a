import { createElement, lazy, type ComponentType } from 'react'

/**
 * `React.lazy` that asks for its code again after a failure. React keeps a lazy component's
 * rejection for good, so an error boundary's retry (or the next opening) would fail at once
 * until a reload; here a failed load swaps in a fresh lazy component, whose next render calls
 * `load` again.
 */
export function lazyRetry<P extends object>(load: () => Promise<ComponentType<P>>) {
  const make = () =>
    lazy(async () => {
      try {
        return { default: await load() }
      } catch (error) {
        current = make()
        throw error
      }
    })
  let current = make()
  return function LazyRetry(props: P) {
    return createElement(current, props)
  }
}
