// The dev-only mock panel in a real browser: shown as it is for a person, it asks the mock for
// its scenario list once, not in a loop (it once sent ~115 requests a second and the page
// never reached network idle).
import { expect, test } from './support'

test('the mock panel asks for the scenario list once, not in a loop', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('mock:panel', 'show'))
  const asked: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith('/__mock/scenarios')) asked.push(request.url())
  })
  await page.goto('/login')
  const toggle = page.getByRole('button', { name: /^mock: / })
  await toggle.click()
  await expect(page.getByRole('radio', { name: 'default', exact: true })).toBeChecked()
  // Counted over 2 s with the panel open: the loop sent ~115 a second, a fixed panel sends
  // one (two under StrictMode's double effect in development).
  await page.waitForTimeout(2_000)
  expect(asked.length).toBeLessThanOrEqual(2)
})
