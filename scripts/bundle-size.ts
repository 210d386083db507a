// `npm run size`, after `vite build` of the site and of the floor app (bench/floor): each first
// page's JS weighed as `npm run bench` weighs it, from the builds alone, so that `npm test`
// holds every build to the bench's JS goals in seconds instead of minutes of Lighthouse.
//
// - A page's JS: the gzip size, as served, of every script its first load asks for before it
//   is usable (its preload script, the entry and what it imports, what starts with it, the
//   page's chunks, its part of the base language's messages). The build's preload step lists
//   them (FIRST_LOADS_FILE); they are the files the bench saw the same page load.
// - The floor's: the scripts its index.html loads.
// - The limits: the pages' JS ratios and script count of bench/goals.ts, the bench's own.
//
// It also fails when dev-only code (the mock scenario picker and panel) reaches the build.
// A command-line report: its output is console.log, on purpose.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { allPages, SHARED_GOALS } from '../bench/goals'
import { APPS, gzipBytes } from '../bench/serve'
import { FIRST_LOADS_FILE } from '../config/preload-first-page'

const site = APPS.site.dist
const floor = APPS.floor.dist

/** The scripts an index.html loads: its module scripts and module preloads. */
function htmlScripts(dist: string): string[] {
  const html = readFileSync(join(dist, 'index.html'), 'utf8')
  return [...html.matchAll(/<(?:script[^>]+src|link rel="modulepreload"[^>]+href)="\/([^"]+)"/g)]
    .map((match) => match[1]!)
    .filter((file) => file.endsWith('.js'))
}
const weigh = (dist: string, files: readonly string[]) =>
  files.reduce((sum, file) => sum + gzipBytes(dist, file), 0)

const floorFiles = htmlScripts(floor)
if (!floorFiles.length) throw new Error(`no script in ${floor}/index.html`)
const floorBytes = weigh(floor, floorFiles)
const firstLoads = JSON.parse(readFileSync(join(site, FIRST_LOADS_FILE), 'utf8')) as Record<
  string,
  string[]
>

let failed = false
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const rows = [`floor      ${kb(floorBytes).padStart(9)} gz, ${floorFiles.length} file(s)`]
for (const page of allPages) {
  if (page.app !== 'site' || page.repeat || !page.goals?.ratio) continue
  const files = firstLoads[page.path]
  if (!files) throw new Error(`${page.path}: not in ${site}/${FIRST_LOADS_FILE}`)
  const bytes = weigh(site, files)
  const ratio = bytes / floorBytes
  const ok = ratio <= page.goals.ratio && files.length <= SHARED_GOALS.scripts
  failed ||= !ok
  rows.push(
    `${ok ? 'ok  ' : 'OVER'} ${page.path.padEnd(22)} ${kb(bytes).padStart(9)} gz, ` +
      `${ratio.toFixed(4)}x the floor (limit ${page.goals.ratio}x), ` +
      `${files.length} scripts (limit ${SHARED_GOALS.scripts})` +
      (ratio > page.goals.ratio
        ? `: ${Math.ceil(bytes - page.goals.ratio * floorBytes)} B over`
        : ''),
  )
}
console.log(rows.join('\n'))

// Strings only the dev-only mock client has (src/dev/mock-prefer.ts, src/dev/mock-panel.tsx).
const devMarkers = ['mock:prefer', 'mock:scenario', 'X-Mock-Scenario', '/__mock']
const devOnly = readdirSync(join(site, 'assets'))
  .filter((file) => file.endsWith('.js'))
  .filter((file) => {
    const code = readFileSync(join(site, 'assets', file), 'utf8')
    return devMarkers.some((marker) => code.includes(marker))
  })
if (devOnly.length) {
  console.error(`dev-only mock code found in the production bundle: ${devOnly.join(', ')}`)
  failed = true
}
if (failed) process.exit(1)
