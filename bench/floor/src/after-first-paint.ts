// Starts `start` once the browser has painted the HTML (its first contentful paint), as the
// site's preload script starts a prerendered page's entry (config/preload-first-page.ts,
// `afterPaint`): the same conditions and the same fallbacks, so an experiment page painted
// by its HTML orders its first paint and its script the way the site's /login does.
export function afterFirstPaint(start: () => void) {
  let started = false
  const once = () => {
    if (started) return
    started = true
    start()
  }
  const paintTypes = PerformanceObserver.supportedEntryTypes ?? []
  if (document.visibilityState === 'hidden' || !paintTypes.includes('paint')) return once()
  new PerformanceObserver((list) => {
    if (list.getEntries().some((entry) => entry.name === 'first-contentful-paint')) once()
  }).observe({ type: 'paint', buffered: true })
  // A tab sent to the background before its first paint paints nothing until it is shown.
  document.addEventListener('visibilitychange', once)
  setTimeout(once, 3000)
}
