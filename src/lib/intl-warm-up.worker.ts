// Runs the page's first date format off the main thread. A browser's ICU data and caches are
// shared by the threads of one page's process (measured in Chromium at 4x CPU: the main
// thread's first `Intl.DateTimeFormat` took 160-210 ms, and 1-45 ms once a worker had made
// one), so the main thread's own first format, made after this answers, is a short task.
import type { DateFormat } from './intl-warm-up'

self.onmessage = (event: MessageEvent<DateFormat>) => {
  try {
    new Intl.DateTimeFormat(event.data.locale, event.data.options).formatToParts(Date.now())
  } finally {
    self.postMessage('warm')
  }
}
