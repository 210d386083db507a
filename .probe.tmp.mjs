import { chromium } from '@playwright/test'
const base = 'http://localhost:5188'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' })
const context = await browser.newContext({ viewport: { width: 375, height: 812 } })
const page = await context.newPage()
await page.request.post(base + '/api/v2/players/login', { data: { username: 'souksavanh88', password: 'correct-horse-8' } })
let t = Date.now()
await page.goto(base + '/player/game/gclub')
const btn = page.getByRole('button', { name: /Royal Baccarat/ })
await btn.waitFor()
console.log('visible after', Date.now() - t)
const box1 = await btn.boundingBox()
await page.waitForTimeout(500)
console.log(box1, await btn.boundingBox())
t = Date.now()
try { await btn.click({ timeout: 15000 }) ; console.log('clicked after', Date.now() - t) } catch (e) { console.log('click failed', String(e).slice(0, 600)) }
await page.waitForTimeout(3000)
console.log(page.url())
await browser.close()
