import type { Page } from '@playwright/test'
import { test as base } from './support'

/** One Content-Security-Policy violation the browser reported while a test ran. */
export type CspViolation = {
  directive: string
  blocked: string
  source: string
  sample: string
}

declare global {
  interface Window {
    __reportCspViolation?: (violation: CspViolation) => void
  }
}

/**
 * Collects what the served Content-Security-Policy blocks, in every frame of the page, from
 * both channels the browser has: `securitypolicyviolation` events (listened to before any
 * script of the page runs) and the console errors it logs for them (which also cover
 * frames whose events never reach us). A test asserts the list is empty.
 */
export async function collectCspViolations(page: Page): Promise<CspViolation[]> {
  const violations: CspViolation[] = []
  await page.exposeBinding('__reportCspViolation', (_source, violation: CspViolation) => {
    violations.push(violation)
  })
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__reportCspViolation?.({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        source: `${event.sourceFile}:${event.lineNumber}`,
        sample: event.sample,
      })
    })
  })
  page.on('console', (message) => {
    if (message.type() !== 'error' || !/Content Security Policy/i.test(message.text())) return
    const { url, lineNumber } = message.location()
    violations.push({
      directive: 'console',
      blocked: '',
      source: `${url}:${lineNumber}`,
      sample: message.text(),
    })
  })
  return violations
}

/** The house's `test` with a `cspViolations` fixture: the violations of the test's page so far. */
export const test = base.extend<{ cspViolations: CspViolation[] }>({
  cspViolations: async ({ page }, provide) => {
    await provide(await collectCspViolations(page))
  },
})
