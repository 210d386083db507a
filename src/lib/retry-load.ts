/**
 * `load` run once and its result kept, but only a success: a load that failed (a chunk lost on
 * a flaky line) is tried again by the next call instead of failing every later use until a
 * reload, as a kept rejected `import()` promise would.
 */
export function retryLoad<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined
  return () =>
    (pending ??= load().catch((error: unknown) => {
      pending = undefined
      throw error
    }))
}
