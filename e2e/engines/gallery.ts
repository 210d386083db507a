// `npm run gallery`: every route of the site, in the mock scenarios that change what it shows,
// in the four languages, at 375 and 1280 px, in Chromium, Firefox and WebKit side by side, into
// reports/gallery/index.html (generated, never committed). Each engine's picture is set against
// Chromium's with pixelmatch; one that differs in more than DIFFERS_ABOVE of its pixels is
// highlighted, with the differing pixels drawn. For a person to look at before a release or
// after a layout change (README, "Other engines").
//   npm run gallery                 builds dist-e2e first
//   npm run gallery -- --prebuilt   serves dist-e2e as it is
//   npm run gallery -- --locale th  one language (repeatable)
//   npm run gallery -- --route /player/deposit   one page (repeatable)
// A command-line report: its output is console.log, on purpose.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import pixelmatch from 'pixelmatch'
import { PNG } from 'pngjs'
import { locales, localStorageKey } from '../../generated/paraglide/runtime.js'
import { startMock } from '../../mock/layer'
import type { ScenarioName } from '../../mock/scenarios'
import { example } from '../contract'
import { CREDENTIALS, LOGIN_PATH } from '../player'
import { IN_TRANSITION, sleep } from '../settle'
import { ensureE2eBuild, serveBuild } from '../serve-build'
import { siteRoutes } from '../site-routes'
import {
  exitUnlessInstalled,
  openTab,
  type EngineName,
  type Tab,
  WebKitServer,
  WEBKIT_MIN_WIDTH,
} from './drivers'
import { within } from './journeys'

const { values: args } = parseArgs({
  options: {
    prebuilt: { type: 'boolean', default: false },
    // A narrower gallery while working on one language.
    locale: { type: 'string', multiple: true, default: [...locales] },
    // Only these routes (repeatable), e.g. after changing one page.
    route: { type: 'string', multiple: true, default: [] },
  },
})

const OUT = 'reports/gallery'
const ENGINES: EngineName[] = ['chromium', 'firefox', 'webkit']
const WIDTHS = [375, 1280]
const HEIGHT = 800
/** Share of a picture's pixels that may differ from Chromium's before it is highlighted: text
 * antialiasing alone differs by 0.2-1.7 % at 1280 px and 2-5 % at 375 (WebKit's glyphs). */
const DIFFERS_ABOVE = 0.05
/**
 * A phone-wide frame for WebKit, whose window will not go below WEBKIT_MIN_WIDTH; under /mock/,
 * which the site's service worker never answers (config/pwa.ts).
 */
const FRAME_PATH = '/mock/gallery-frame.html'
const FRAME_PAGE = `<!doctype html><html><head><meta charset="utf-8"><style>
  body { margin: 0; background: #888 } iframe { border: 0; display: block }
</style></head><body><script>
  const frame = document.createElement('iframe')
  frame.src = new URLSearchParams(location.search).get('src')
  frame.width = new URLSearchParams(location.search).get('width')
  frame.height = String(innerHeight)
  // WebKitGTK gives a frame a classic scrollbar that takes its width from the page: the frame
  // is widened by it, so the page is laid out at the asked width as on a phone (whose
  // scrollbars float over the page); the picture is cut at that width.
  frame.addEventListener('load', () => {
    const page = frame.contentDocument.documentElement
    frame.width = String(Number(frame.width) + frame.contentWindow.innerWidth - page.clientWidth)
  })
  document.body.append(frame)
</script></body></html>`

type Promotion = { id: string }
const promotionId = example<{ promotions: Promotion[] }>('listPromotions', '200').promotions[0]!.id

const routes = siteRoutes()
  .map((route) => route.replace('$promotionId', promotionId))
  .filter((route) => !args.route.length || args.route.includes(route))
const visitorRoutes = routes.filter((route) => !route.startsWith('/player'))
const playerRoutes = routes.filter((route) => route.startsWith('/player'))
/** The scenarios (mock/scenarios.ts) beside the default, and the pages each one changes. */
const SCENARIO_ROUTES: [ScenarioName, string[]][] = [
  [
    'new-player',
    ['/player/bank', '/player/deposit', '/player/withdraw', '/player/deposit/history'],
  ],
  ['open-order', ['/player/deposit']],
  ['active-promotion', ['/player/promotion', '/player/deposit']],
  ['blocked', ['/player/promotion']],
  ['open-withdraw', ['/player/withdraw']],
  ['unknown-status', ['/player/deposit/history', '/player/withdraw/history']],
]

const unknownRoutes = SCENARIO_ROUTES.flatMap(([, paths]) => paths).filter(
  (path) => !siteRoutes().includes(path),
)
if (unknownRoutes.length) throw new Error(`gallery: no such route ${unknownRoutes.join(', ')}`)

type Shot = { path: string; scenario: ScenarioName; locale: string; width: number }
const shotName = (shot: Shot, engine: EngineName) =>
  `${engine}-${shot.width}-${shot.locale}-${shot.scenario}-${shot.path.replace(/\W+/g, '_')}.png`

/** What one engine at one width shoots, in order: the visitor pages, a login, the player's. */
function shotsAt(width: number): Shot[] {
  const shots: Shot[] = []
  for (const locale of args.locale) {
    for (const path of visitorRoutes) shots.push({ path, scenario: 'default', locale, width })
  }
  for (const locale of args.locale) {
    for (const path of playerRoutes) shots.push({ path, scenario: 'default', locale, width })
    for (const [scenario, paths] of SCENARIO_ROUTES) {
      for (const path of paths.filter((path) => routes.includes(path))) {
        shots.push({ path, scenario, locale, width })
      }
    }
  }
  return shots
}

/**
 * Waits until the page (or the frame's page) is drawn and still: its title set, its fonts in,
 * no overlay in transition, nothing busy, and its text and element count unchanged over three
 * looks 150 ms apart. At most 10 s: a page that never settles is shot as it is.
 */
async function atRest(tab: Tab, framed: boolean) {
  const look = `
    const frame = arguments[0] ? document.querySelector('iframe') : null
    const doc = frame ? frame.contentDocument : document
    if (!doc || doc.readyState !== 'complete' || !doc.title.trim()) return null
    if (doc.fonts.status !== 'loaded') return null
    if (doc.querySelector(arguments[1]) || doc.querySelector('[aria-busy="true"]')) return null
    return doc.body.innerText.length + ':' + doc.getElementsByTagName('*').length`
  const end = Date.now() + 10_000
  let last = ''
  let same = 0
  while (Date.now() < end && same < 3) {
    const now = await within(
      5_000,
      'a look at the page',
      tab.run<string | null>(look, framed, IN_TRANSITION),
    ).catch(() => null)
    same = now && now === last ? same + 1 : 0
    last = now ?? ''
    await sleep(150)
  }
}

async function shoot(engine: EngineName, width: number, base: string, webkit?: WebKitServer) {
  const framed = engine === 'webkit' && width < WEBKIT_MIN_WIDTH
  const tab = await openTab(engine, width, HEIGHT, webkit, { overlayScrollbars: true })
  const url = (path: string, scenario: string) => {
    const page = new URL(path, base)
    page.searchParams.set('scenario', scenario)
    if (!framed) return page.href
    const frame = new URL(FRAME_PATH, base)
    frame.searchParams.set('src', `${page.pathname}${page.search}`)
    frame.searchParams.set('width', String(width))
    return frame.href
  }
  let loggedIn = false
  let locale = ''
  let shots = 0
  for (const shot of shotsAt(width)) {
    if (shot.path.startsWith('/player') && !loggedIn) {
      await tab.goto(url('/', 'default'))
      await tab.run(
        `const answer = await fetch(arguments[0], { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(arguments[1]) })
         if (!answer.ok) throw new Error('login ' + answer.status)
         return true`,
        LOGIN_PATH,
        CREDENTIALS,
      )
      loggedIn = true
    }
    // A page that redirects as it loads can interrupt the next navigation: one more try.
    for (let attempt = 1; attempt <= 2; attempt++) {
      try {
        if (shot.locale !== locale) {
          // The language the site reads at its start, set once per language.
          await tab.goto(url(shot.path, shot.scenario))
          await tab.run(
            `localStorage.setItem(arguments[0], arguments[1]); return true`,
            localStorageKey,
            shot.locale,
          )
          locale = shot.locale
        }
        await tab.goto(url(shot.path, shot.scenario))
        await atRest(tab, framed)
        let png: PNG = PNG.sync.read(await within(15_000, 'a screenshot', tab.png()))
        if (framed) png = crop(png, width, png.height)
        writeFileSync(join(OUT, shotName(shot, engine)), PNG.sync.write(png))
        shots++
        break
      } catch (error) {
        if (attempt === 2) {
          console.log(
            `${engine} ${width}px ${shot.locale} ${shot.path}: ${(error as Error).message.split('\n')[0]}`,
          )
        }
      }
    }
  }
  await within(10_000, 'closing the browser', tab.close()).catch(() => undefined)
  return shots
}

function crop(png: PNG, width: number, height: number) {
  const out = new PNG({ width: Math.min(width, png.width), height: Math.min(height, png.height) })
  PNG.bitblt(png, out, 0, 0, out.width, out.height, 0, 0)
  return out
}

/** The share of pixels that differ from the reference over their common area, and the diff. */
function compare(reference: PNG, other: PNG) {
  const width = Math.min(reference.width, other.width)
  const height = Math.min(reference.height, other.height)
  const [a, b] = [crop(reference, width, height), crop(other, width, height)]
  const diff = new PNG({ width, height })
  const count = pixelmatch(a.data, b.data, diff.data, width, height, { threshold: 0.1 })
  return { share: count / (width * height), diff }
}

const read = (file: string) => {
  try {
    return PNG.sync.read(readFileSync(join(OUT, file)))
  } catch {
    return undefined
  }
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!)

function writeIndex(seconds: number, load: string) {
  const rows: string[] = []
  let highlighted = 0
  for (const width of WIDTHS) {
    for (const shot of shotsAt(width)) {
      const reference = read(shotName(shot, 'chromium'))
      const cells = ENGINES.map((engine) => {
        const file = shotName(shot, engine)
        const png = read(file)
        if (!png) return `<td class="missing">${engine}: no picture</td>`
        if (engine === 'chromium' || !reference) {
          return `<td><img loading="lazy" src="${file}" alt="${engine}"><div>${engine}</div></td>`
        }
        const { share, diff } = compare(reference, png)
        const differs = share > DIFFERS_ABOVE
        let diffImage = ''
        if (differs) {
          highlighted++
          const diffFile = file.replace(/\.png$/, '.diff.png')
          writeFileSync(join(OUT, diffFile), PNG.sync.write(diff))
          diffImage = `<a href="${diffFile}">differing pixels</a>`
        }
        return `<td class="${differs ? 'differs' : ''}"><img loading="lazy" src="${file}" alt="${engine}"><div>${engine}: ${(share * 100).toFixed(1)} % differs from Chromium ${diffImage}</div></td>`
      })
      rows.push(
        `<tr><th>${escapeHtml(shot.path)}<br>${shot.scenario}<br>${shot.locale} · ${width} px</th>${cells.join('')}</tr>`,
      )
    }
  }
  writeFileSync(
    join(OUT, 'index.html'),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Gallery: three engines</title>
<style>
  body { font: 14px system-ui, sans-serif; margin: 1rem }
  table { border-collapse: collapse } th { text-align: left; vertical-align: top; padding: .5rem; white-space: nowrap }
  td { vertical-align: top; padding: .5rem; border-top: 1px solid #ccc } img { width: 320px; border: 1px solid #ccc; display: block }
  td.differs { background: #ffe0e0; outline: 3px solid #d00 } td.missing { color: #d00 }
</style></head><body>
<h1>Every route in Chromium, Firefox and WebKit</h1>
<p>${rows.length} rows; ${highlighted} pictures differ from Chromium's in more than ${DIFFERS_ABOVE * 100} % of their pixels (red).
WebKit's phone pictures are drawn in a 375 px frame (its window stops at ${WEBKIT_MIN_WIDTH} px).
Made in ${seconds.toFixed(0)} s, load average ${load}.</p>
<table>${rows.join('\n')}</table></body></html>\n`,
  )
  return { rows: rows.length, highlighted }
}

async function main() {
  exitUnlessInstalled('gallery', ENGINES)
  ensureE2eBuild(args.prebuilt)
  rmSync(OUT, { recursive: true, force: true })
  mkdirSync(OUT, { recursive: true })
  const started = performance.now()
  const mock = await startMock({ port: 0, startTimeoutMs: 60_000 })
  const served = await serveBuild('dist-e2e', {
    apiTarget: mock.url,
    pages: { [FRAME_PATH]: FRAME_PAGE },
  })
  const webkit = await WebKitServer.start()
  try {
    for (const width of WIDTHS) {
      const counts = await Promise.all(
        ENGINES.map((engine) => shoot(engine, width, served.base, webkit)),
      )
      console.log(`${width} px: ${ENGINES.map((e, i) => `${e} ${counts[i]}`).join(', ')} pictures`)
    }
  } finally {
    webkit.stop()
    served.server.close()
    await mock.stop()
  }
  const seconds = (performance.now() - started) / 1000
  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')
  const { rows, highlighted } = writeIndex(seconds, load)
  console.log(
    `gallery: ${OUT}/index.html, ${rows} rows, ${highlighted} pictures differ from Chromium's, ${seconds.toFixed(0)} s, load average ${load}`,
  )
}

await main()
