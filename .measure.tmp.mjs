import { chromium } from '@playwright/test'
const base = 'http://localhost:5188'
const N = Number(process.argv[2] ?? 300)
const imgs = ['amb-slot-0142', 'amb-slot-0087', 'amb-fish-0009']
const games = Array.from({ length: N }, (_, i) => ({
  code: `AMB-SLOT-${String(i).padStart(4, '0')}`, name: `Slot game ${i}`, provider: 'askmebet',
  category: 'slot', imageUrl: `/mock/games/${imgs[i % 3]}.svg`, isNew: i % 7 === 0,
}))
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' })
const context = await browser.newContext({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 2 })
const page = await context.newPage()
await page.request.post(base + '/api/v2/players/login', { data: { username: 'souksavanh88', password: 'correct-horse-8' } })
// Warm the dev server's modules first, unthrottled.
await page.goto(base + '/player/game/gclub'); await page.getByRole('heading', { level: 1 }).waitFor()
await page.route('**/api/v2/games?*', (route) => route.fulfill({ json: { games } }))
const cdp = await context.newCDPSession(page)
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
await page.addInitScript(() => {
  window.__long = []
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__long.push(e.duration) }).observe({ type: 'longtask', buffered: true })
})
await page.goto(base + '/player/game/askmebet?tab=Slot')
await page.getByRole('button', { name: `ຫຼິ້ນ Slot game 0`, exact: true }).waitFor({ state: 'attached', timeout: 120000 })
await page.getByText(`ເກມທີ່ສະແດງ: ${N}`).waitFor()
const rendered = await page.getByRole('listitem').filter({ has: page.getByRole('button') }).count()
await page.waitForTimeout(1500)
const long1 = await page.evaluate(() => window.__long.splice(0))
// Scroll through the whole list like a thumb would.
const t0 = Date.now()
for (let y = 0; y < N * 150; y += 600) { await page.mouse.wheel(0, 600); await page.waitForTimeout(50) }
await page.getByRole('button', { name: `ຫຼິ້ນ Slot game ${N - 1}`, exact: true }).waitFor({ state: 'attached', timeout: 60000 })
const scrollMs = Date.now() - t0
const long2 = await page.evaluate(() => window.__long.splice(0))
// Typing in the search box: time until the list shows one game.
const box = page.getByRole('searchbox')
const t1 = Date.now()
await box.fill(`game ${N - 1}`)
await page.getByText('ເກມທີ່ສະແດງ: 1').waitFor()
const searchMs = Date.now() - t1
const long3 = await page.evaluate(() => window.__long.splice(0))
const sum = (a) => Math.round(a.reduce((x, y) => x + y, 0))
const max = (a) => Math.round(Math.max(0, ...a))
console.log(JSON.stringify({ N, rendered, load: { longTasks: long1.length, totalMs: sum(long1), maxMs: max(long1) },
  scroll: { ms: scrollMs, longTasks: long2.length, maxMs: max(long2) },
  search: { ms: searchMs, longTasks: long3.length, maxMs: max(long3) } }))
await browser.close()
