// temporary: screenshots for review (not committed)
import { chromium } from '@playwright/test'
const [, , path, out, width = '375', prefer = '{}', locale = 'lo', action = ''] = process.argv
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' })
const page = await browser.newPage({ viewport: { width: Number(width), height: 900 } })
const base = `http://localhost:${process.env.WEB_PORT}`
await page.addInitScript(([p, l]) => { localStorage.setItem('mock:prefer', p); localStorage.setItem('i18nextLng', l) }, [prefer, locale])
const r = await page.request.post(base + '/api/v2/players/login', { data: { username: 'souksavanh88', password: 'correct-horse-8' } })
console.log('login', r.status())
await page.goto(base + path)
await page.waitForTimeout(3000)
if (action) {
  for (const step of action.split(';')) {
    const [kind, arg] = step.split('=')
    if (kind === 'radio') await page.getByText(arg, { exact: true }).first().click()
    if (kind === 'type') await page.getByRole('textbox').last().fill(arg)
    if (kind === 'submit') await page.locator('button[type=submit]').click()
    await page.waitForTimeout(1500)
  }
}
await page.screenshot({ path: out, fullPage: true })
await browser.close()
