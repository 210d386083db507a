#!/usr/bin/env node
// Bundle budget check (run by `npm run size` after `vite build`). For each page in
// scripts/bundle-budget.json it adds up, gzipped, the JS a browser loads to show that page
// first: the entry chunk, the page's route chunks and everything they import statically.
// Lazy chunks (dialogs, fingerprinting, other pages) are not counted: that is the point.
// It also fails when dev-only code (the mock scenario picker and panel) reaches the production bundle.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

// SIZE_DIST: another build folder (comparing a variant built with --outDir).
const dist = process.env.SIZE_DIST || 'dist'
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'))
const budgets = JSON.parse(readFileSync('scripts/bundle-budget.json', 'utf8'))
const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry)
if (!entryKey) throw new Error('no entry chunk in the Vite manifest')

function collect(key, files = new Set()) {
  const chunk = manifest[key]
  if (!chunk || files.has(chunk.file)) return files
  files.add(chunk.file)
  for (const imported of chunk.imports ?? []) collect(imported, files)
  return files
}

// A first load also fetches the messages of the language in use (scripts/messages-per-locale.mjs):
// the page's part of them (config/message-parts.ts), or all of them on a page without one.
// Each is counted as the largest of the four languages'.
const localeKeys = Object.keys(manifest).filter((key) =>
  key.startsWith('generated/paraglide/locales/'),
)
const largestFile = (files) =>
  files.reduce(
    (file, other) => (file === undefined || gz(other) > gz(file) ? other : file),
    undefined,
  )
const largest = (keys) => largestFile(keys.map((key) => manifest[key].file))
const allMessages = largest(localeKeys)
if (!allMessages) throw new Error('no message catalogue chunks in the Vite manifest')
const { partFile, parts } = JSON.parse(readFileSync(join(dist, '.vite/message-parts.json'), 'utf8'))
if (!parts.length) throw new Error('no part of the messages in the build')
const locales = localeKeys.map((key) => key.slice('generated/paraglide/locales/'.length, -3))
const messagesOf = (routeKeys) => {
  const n = parts.findIndex(({ root }) => routeKeys.includes(root))
  if (n < 0) return allMessages
  return largestFile(
    locales.map((locale) => partFile.replace('{locale}', locale).replace('{part}', String(n))),
  )
}

let failed = false
const rows = []
for (const [page, { routes, budgetKb, maxFiles }] of Object.entries(budgets.pages)) {
  const files = collect(entryKey)
  const routeKeys = routes.flatMap((route) => {
    const keys = Object.keys(manifest).filter((key) => key.split('?')[0] === route)
    if (!keys.length) throw new Error(`${page}: no chunk for ${route} in the manifest`)
    return keys
  })
  files.add(messagesOf(routeKeys))
  for (const key of routeKeys) collect(key, files)
  const bytes = [...files].filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gz(f), 0)
  const kb = bytes / 1024
  // Each file is a request before the page is usable (the goal: at most 12 with the preload
  // script), so their number has a budget too.
  const ok = kb <= budgetKb && files.size <= maxFiles
  failed ||= !ok
  rows.push(
    `${ok ? 'ok  ' : 'OVER'} ${page.padEnd(10)} ${kb.toFixed(1).padStart(7)} KB gz  (budget ${budgetKb} KB), ${files.size} files (budget ${maxFiles})`,
  )
}
console.log(rows.join('\n'))

const allJs = Object.values(manifest)
  .map((c) => c.file)
  .filter((f) => f.endsWith('.js'))
// Strings only the dev-only mock client has (src/dev/mock-prefer.ts, src/dev/mock-panel.tsx).
const devMarkers = ['mock:prefer', 'mock:scenario', 'X-Mock-Scenario', '/__mock']
const devOnly = allJs.filter((f) => {
  const code = readFileSync(join(dist, f), 'utf8')
  return devMarkers.some((marker) => code.includes(marker))
})
if (devOnly.length) {
  console.error(`dev-only mock code found in the production bundle: ${devOnly.join(', ')}`)
  failed = true
}
if (failed) process.exit(1)
