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
    const widest = [...document.querySelectorAll<HTMLElement>('main *, header *')]
      .filter((el) => el.getBoundingClientRect().right > root.clientWidth + 1)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${(el.innerText || '').slice(0, 30)}"`,
      )
      .slice(-1)
    problems.push(
      `horizontal scroll at ${root.clientWidth} px: ${root.scrollWidth} px wide (${widest.join('') || 'no element found'})`,
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
