// Runs the page's first date format off the main thread. A browser's ICU data and caches are
// shared by the threads of one page's process (measured in Chromium at 4x CPU: the main
// thread's first `Intl.DateTimeFormat` took 160-210 ms, and 1-45 ms once a worker had made
// one), so the main thread's own first format, made after this answers, is a short task.
self.onmessage = (event: MessageEvent<string>) => {
  try {
    new Intl.DateTimeFormat('en-GB', {
      timeZone: event.data || undefined,
      dateStyle: 'short',
      timeStyle: 'medium',
      hourCycle: 'h23',
      numberingSystem: 'latn',
    }).formatToParts(Date.now())
  } finally {
    self.postMessage('warm')
  }
}
