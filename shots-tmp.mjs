import { chromium } from '@playwright/test'
const base = 'http://localhost:5185'
const [,, name, path, preferJson, width = '375', lang = 'lo'] = process.argv
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' })
const context = await browser.newContext({ viewport: { width: Number(width), height: 900 } })
const page = await context.newPage()
page.on('pageerror', (e) => console.log('PAGEERROR', e.message))
page.on('console', (msg) => { if (msg.type() === 'error') console.log('CONSOLE', msg.text()) })
await page.addInitScript(([p, l]) => { localStorage.setItem('mock:prefer', p); localStorage.setItem('i18nextLng', l) }, [preferJson || '{}', lang])
const r = await page.request.post(base + '/api/v2/players/login', { data: { username: 'souksavanh88', password: 'correct-horse-8' } })
console.log('login', r.status())
await page.goto(base + path)
await page.waitForTimeout(4000)
await page.screenshot({ path: `/tmp/bankwork/${name}.png`, fullPage: true })
await browser.close()
