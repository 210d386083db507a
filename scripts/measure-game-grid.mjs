#!/usr/bin/env node
// Measures a provider page with N games on a slow phone (decision 010): Chromium at 375x812,
// DPR 2, CPU throttled 4x; N askmebet slots are injected in place of the mock's list. Prints the
// tiles in the DOM and the main thread's long tasks at load, while scrolling to the end, and
// while searching. Needs the mock and the dev server running (`npm start`, or MOCK_PORT and
// WEB_PORT as for e2e):   node scripts/measure-game-grid.mjs [N=300]
import { chromium } from '@playwright/test'
import { m } from '../generated/paraglide/messages.js'
import { systemChromium } from './chromium.mjs'

const base = `http://localhost:${process.env.WEB_PORT || 5173}`
const N = Number(process.argv[2] ?? 300)
const images = ['amb-slot-0142', 'amb-slot-0087', 'amb-fish-0009']
const games = Array.from({ length: N }, (_, i) => ({
  code: `AMB-SLOT-${String(i).padStart(4, '0')}`,
  name: `Slot game ${i}`,
  provider: 'askmebet',
  category: 'slot',
  imageUrl: `/mock/games/${images[i % images.length]}.svg`,
  isNew: i % 7 === 0,
}))
const play = (name) => ({ name: m.game_play_named({ name }), exact: true })

const executablePath = systemChromium()
const browser = await chromium.launch(executablePath ? { executablePath } : {})
const context = await browser.newContext({
  viewport: { width: 375, height: 812 },
  deviceScaleFactor: 2,
})
const page = await context.newPage()
const login = await page.request.post(`${base}/api/v2/players/login`, {
  data: { username: 'souksavanh88', password: 'correct-horse-8' },
})
if (!login.ok()) throw new Error(`login: ${login.status()}`)
// Warm the server's modules unthrottled, then throttle and load the page with N games.
await page.goto(`${base}/player/game/gclub`)
await page.getByRole('heading', { level: 1 }).waitFor()
await page.route('**/api/v2/games?*', (route) => route.fulfill({ json: { games } }))
const cdp = await context.newCDPSession(page)
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
await page.addInitScript(() => {
  window.__longTasks = []
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push(entry.duration)
  }).observe({ type: 'longtask', buffered: true })
})
const takeLongTasks = () => page.evaluate(() => window.__longTasks.splice(0))
const summary = (tasks) => ({
  longTasks: tasks.length,
  totalMs: Math.round(tasks.reduce((a, b) => a + b, 0)),
  maxMs: Math.round(Math.max(0, ...tasks)),
})

await page.goto(`${base}/player/game/askmebet?tab=Slot`)
await page.getByRole('button', play('Slot game 0')).waitFor({ timeout: 120_000 })
await page.getByText(m.game_results_count({ count: N })).waitFor()
await page.waitForTimeout(1500)
const tilesInDom = await page.getByRole('button', { name: m.game_play_named({ name: '' }) }).count()
const load = summary(await takeLongTasks())

let started = Date.now()
for (let y = 0; y < N * 150; y += 600) {
  await page.mouse.wheel(0, 600)
  await page.waitForTimeout(50)
}
await page.getByRole('button', play(`Slot game ${N - 1}`)).waitFor({ state: 'attached' })
const scroll = { ms: Date.now() - started, ...summary(await takeLongTasks()) }

started = Date.now()
await page.getByRole('searchbox').fill(`game ${N - 1}`)
await page.getByText(m.game_results_count({ count: 1 })).waitFor()
const search = { ms: Date.now() - started, ...summary(await takeLongTasks()) }

console.log(JSON.stringify({ games: N, tilesInDom, load, scroll, search }, null, 2))
await browser.close()
