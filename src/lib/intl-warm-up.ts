/** A date format as `new Intl.DateTimeFormat(locale, options)` takes it. */
export type DateFormat = { locale: string; options: Intl.DateTimeFormatOptions }

/**
 * Resolves once a worker has made `format` (intl-warm-up.worker.ts), so that the main
 * thread's first date format, made after, no longer pays ICU's loading in one long task.
 * Resolves all the same, and at once, where workers are missing, when the worker fails (no
 * network, a policy that refuses it) or after `timeoutMs`: the main thread then pays it as
 * before. The worker is ended either way.
 */
export function warmUpIntl(format: DateFormat, timeoutMs: number): Promise<void> {
  if (typeof Worker !== 'function') return Promise.resolve()
  return new Promise((resolve) => {
    let worker: Worker | undefined
    const done = () => {
      clearTimeout(timer)
      worker?.terminate()
      resolve()
    }
    const timer = setTimeout(done, timeoutMs)
    try {
      worker = new Worker(new URL('./intl-warm-up.worker.ts', import.meta.url), {
        type: 'module',
      })
      worker.onmessage = done
      worker.onerror = done
      worker.postMessage(format)
    } catch {
      done()
    }
  })
}
