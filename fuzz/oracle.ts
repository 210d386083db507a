// What must hold on every screen, whatever the API answered. Runs in the page.

/** Tokens that mean a value reached the screen unformatted. */
export const FORBIDDEN_TEXT = ['undefined', 'NaN', 'null', '[object Object]', 'Invalid Date']

/**
 * Problems visible in the page now: a missing or blank main area, a forbidden token, money as
 * a float artefact, a page wider than a phone. Passed to `page.evaluate`, so self-contained.
 */
export function visibleProblems(forbidden: string[]): string[] {
  const problems: string[] = []
  const main = document.querySelector('main')
  if (!main) problems.push('no <main> on the page')
  else {
    const hasContent =
      main.innerText.trim().length > 0 || main.querySelector('img, svg, canvas, input, button')
    if (!hasContent) problems.push('blank main area')
  }
  const text = document.body.innerText
  for (const token of forbidden) {
    const escaped = token.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    const match = new RegExp(`(^|[^A-Za-z0-9_])${escaped}($|[^A-Za-z0-9_])`).exec(text)
    if (match) {
      const start = Math.max(0, match.index - 40)
      problems.push(
        `visible text "${token}": …${text.slice(start, match.index + 40).replace(/\s+/g, ' ')}…`,
      )
    }
  }
  // 0.30000000000000004, 1.1999999999999999: a sum done in binary floating point.
  const artefact = /\d[.,](?=\d{8,})\d*(?:0{6,}|9{6,})\d/.exec(text)
  if (artefact) problems.push(`money as a float artefact: ${artefact[0]}`)
  const root = document.documentElement
  if (window.innerWidth <= 400 && root.scrollWidth > root.clientWidth) {
    // The culprit is where the overflow starts: the first element that sticks out of a parent
    // that itself fits (a grid item wider than its column, a long word in a flex row). What it
    // holds overflows with it, so the last overflowing element would name an innocent leaf.
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${((el as HTMLElement).innerText || '').replace(/\s+/g, ' ').slice(0, 30)}"`
    const start = [...document.querySelectorAll<HTMLElement>('main *, header *')].find((el) => {
      const parent = el.parentElement
      return (
        parent &&
        el.getBoundingClientRect().right > root.clientWidth + 1 &&
        parent.getBoundingClientRect().right <= root.clientWidth + 1
      )
    })
    const where = start
      ? `${name(start)}, ${Math.round(start.getBoundingClientRect().width)} px in a ${Math.round(start.parentElement!.getBoundingClientRect().width)} px ${name(start.parentElement!)}`
      : 'no element found'
    problems.push(
      `horizontal scroll at ${root.clientWidth} px: ${root.scrollWidth} px wide (${where})`,
    )
  }
  return problems
}

/** Whether an endlessly repeating animation (a spinner) runs on a visible element. */
export function spinnerVisible(): boolean {
  return document.getAnimations().some((animation) => {
    const effect = animation.effect as KeyframeEffect | null
    const target = effect?.target
    return (
      animation.playState === 'running' &&
      effect?.getComputedTiming().iterations === Infinity &&
      target instanceof HTMLElement &&
      target.checkVisibility()
    )
  })
}

/** An error state a player can act on: an alert with a button (retry) in it. */
export function errorStateWithRetry(): boolean {
  return [...document.querySelectorAll('[role="alert"]')].some((alert) =>
    alert.querySelector('button, a[href]'),
  )
}
