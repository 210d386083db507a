// Shared e2e helpers. The contract's examples are the mock's data, so tests read expected
// values from the bundled contract instead of repeating them.
import type { Page } from '@playwright/test'
import type { OperationId } from '../generated/api/operations'
import { MOCK_PREFER_KEY } from '../src/lib/mock-prefer'

export { exampleOf as example, examplesOf } from '../tests/contract/spec'

/** Picks mock scenarios (Prism `Prefer` values per operation) before the page loads. */
export async function preferMock(page: Page, choices: Partial<Record<OperationId, string>>) {
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
    MOCK_PREFER_KEY,
    JSON.stringify(choices),
  ] as const)
}
