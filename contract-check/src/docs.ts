// `contract-check docs`: a static HTML reference of the contract (Redoc, through `redocly
// build-docs`) that opens offline: Redoc's scripts are inlined, its in-page telemetry is off,
// and the page is checked to load nothing from another host (scripts, styles, fonts, images,
// frames).
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, relative, resolve } from 'node:path'
import { processIo, type Io } from './drift'
import { packageVersion, parseCommandArgs, SHIPPED_CONTRACT } from './paths'

/** Resources the page would fetch from another host (links in text are fine). */
export function externalResources(html: string): string[] {
  const problems: string[] = []
  const external = (url = '') => /^(https?:)?\/\//i.test(url.trim())
  // Script bodies are code, not markup: keep only the tags.
  const markup = html.replace(/(<script\b[^>]*>)[\s\S]*?(<\/script>)/gi, '$1$2')
  const tagAttr =
    /<(script|link|img|iframe|source|video|audio|embed|object|use|image)\b[^>]*?\s(src|href|data|srcset|xlink:href)\s*=\s*["']?([^"'\s>]+)/gi
  for (const [, tag, attr, url] of markup.matchAll(tagAttr)) {
    if (external(url)) problems.push(`<${tag} ${attr}="${url}">`)
  }
  // Module scripts load code with `import ... from "<url>"` or `import("<url>")`.
  for (const [, body = ''] of html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)) {
    const imports = /\bimport\s*(?:[\w*{}\s,$]+\s*from\s*|\(\s*)["'`]([^"'`]+)["'`]/g
    for (const [, url] of body.matchAll(imports)) {
      if (external(url)) problems.push(`script import "${url}"`)
    }
  }
  for (const [, css = ''] of markup.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)) {
    for (const [, url] of css.matchAll(/url\(\s*["']?([^"')]+)/gi)) {
      if (external(url)) problems.push(`CSS url(${url})`)
    }
    for (const [statement] of css.matchAll(/@import[^;]*;/gi)) problems.push(`CSS ${statement}`)
  }
  return problems
}

export function docsCommand(argv: string[], io: Io = processIo): number {
  const { bin: command } = packageVersion()
  const values = parseCommandArgs(argv, {
    out: { type: 'string', default: 'docs/api/index.html' },
    spec: { type: 'string' },
  })
  if (values.help) {
    io.out(
      `Usage: ${command} docs [--out docs/api/index.html] [--spec <file>]\nWrites an offline HTML reference of the contract (default: the one this package ships).\nExit codes: 0 written, 1 failed.`,
    )
    return 0
  }
  const source = values.spec ? resolve(values.spec) : SHIPPED_CONTRACT
  const out = resolve(values.out)
  mkdirSync(dirname(out), { recursive: true })
  const require = createRequire(import.meta.url)
  const pkgFile = require.resolve('@redocly/cli/package.json')
  const pkg = require(pkgFile) as { bin: string | Record<string, string> }
  const bin = join(dirname(pkgFile), typeof pkg.bin === 'string' ? pkg.bin : pkg.bin.redocly!)
  const started = performance.now()
  const run = spawnSync(
    process.execPath,
    [bin, 'build-docs', source, '-o', out, '--inlineBundle', '--openapi.disableTelemetry=true'],
    {
      encoding: 'utf8',
      timeout: 120_000,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    },
  )
  if (run.status !== 0) {
    const lines = `${run.stdout ?? ''}${run.stderr ?? ''}`
      .split('\n')
      .filter((l) => l.trim() && !/[║╔╚]/.test(l))
    io.err(lines.slice(-10).join('\n'))
    io.err(`docs: redocly build-docs failed (${run.error?.message ?? `exit ${run.status}`})`)
    return 1
  }
  const html = readFileSync(out, 'utf8')
  const problems = externalResources(html)
  if (!/"disableTelemetry":\s*true/.test(html)) problems.push('Redoc telemetry is not disabled')
  if (problems.length) {
    io.err(`docs: ${relative(process.cwd(), out)} is not offline:`)
    for (const p of problems) io.err(`  ${p}`)
    return 1
  }
  const kib = Math.round(statSync(out).size / 1024)
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  io.out(
    `docs: ${relative(process.cwd(), out)} (${kib} KiB, offline: no external scripts, styles or fonts) from ${relative(process.cwd(), source)} in ${seconds} s`,
  )
  return 0
}
