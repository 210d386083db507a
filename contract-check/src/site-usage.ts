// Which screens of the site call which operation, read from the site's sources: calls of the
// generated client (`$api.queryOptions('get', '/v2/deposits', ...)`, `$api.useMutation('post',
// ...)`, `fetchClient.POST('/v2/fingerprint', ...)`, `operations.createDeposit.path`) are found
// in each top-level declaration of src/, followed through imports and references between
// declarations, up to the route files (`createFileRoute('/player/deposit')`). The result says
// "breaks /player/deposit" where the diff alone says "breaks createDeposit".
//
// A text scan, not a type checker: a declaration counts as using another when it names it.
// That over-reaches a little (a name in a comment) and never under-reaches for the call forms
// above; it takes 0.1-0.3 s on the site (measured under load), so it runs at build time (the map ships in dist/) and
// again at run time when the site's src/ is at hand.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

export type SiteUsage = {
  /** Where the map comes from (shown in the reports). */
  source: string
  /** operationId -> the screens (route paths) that call it and the files that make the call. */
  operations: Record<string, { screens: string[]; files: string[] }>
}

/** The screen name of the root route: every page renders it. */
export const ROOT_SCREEN = 'every page (root layout)'

type Operations = Record<string, { method: string; path: string }>

type Declaration = { name: string; text: string; exported: boolean; isDefault: boolean }
type ImportBinding = { local: string; file: string; imported: string | '*' }
type SourceFile = {
  file: string
  text: string
  declarations: Declaration[]
  imports: ImportBinding[]
  dynamicImports: string[]
}

function listFiles(dir: string): string[] {
  const out: string[] = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name)
    if (entry.isDirectory()) out.push(...listFiles(full))
    else if (/\.(ts|tsx|js|jsx|mjs)$/.test(entry.name) && !/\.d\.ts$|\.gen\./.test(entry.name))
      out.push(full)
  }
  return out
}

function resolveModule(from: string, spec: string, srcDir: string): string | undefined {
  let base: string
  if (spec.startsWith('.')) base = resolve(dirname(from), spec)
  else if (spec.startsWith('~/')) base = join(srcDir, spec.slice(2))
  else return undefined
  const candidates = [base, ...['.ts', '.tsx', '.js', '.jsx'].map((e) => base + e)]
  candidates.push(...['index.ts', 'index.tsx'].map((i) => join(base, i)))
  return candidates.find((c) => existsSync(c) && !c.endsWith('/'))
}

const DECL =
  /^(export\s+)?(default\s+)?(?:declare\s+)?(?:async\s+)?(?:function\*?|const|let|var|class|enum)\s+([A-Za-z_$][\w$]*)/gm

function parseFile(file: string, srcDir: string): SourceFile {
  const text = readFileSync(file, 'utf8')
  const imports: ImportBinding[] = []
  const importRe = /^import\s+(type\s+)?([\s\S]*?)\s+from\s+['"]([^'"]+)['"]/gm
  for (const m of text.matchAll(importRe)) {
    if (m[1]) continue
    const target = resolveModule(file, m[3]!, srcDir)
    if (!target) continue
    const clause = m[2]!.trim()
    const named = /\{([\s\S]*)\}/.exec(clause)?.[1]
    for (const part of (named ?? '').split(',')) {
      const spec = part.trim().replace(/^type\s+/, '')
      if (!spec || part.trim().startsWith('type ')) continue
      const [imported, local] = spec.split(/\s+as\s+/)
      imports.push({ local: (local ?? imported)!.trim(), file: target, imported: imported!.trim() })
    }
    const ns = /\*\s+as\s+([\w$]+)/.exec(clause)?.[1]
    if (ns) imports.push({ local: ns, file: target, imported: '*' })
    const def = /^([\w$]+)\s*(,|$)/.exec(clause)?.[1]
    if (def) imports.push({ local: def, file: target, imported: 'default' })
  }
  const dynamicImports = [...text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)]
    .map((m) => resolveModule(file, m[1]!, srcDir))
    .filter((f): f is string => Boolean(f))

  const starts = [...text.matchAll(DECL)].map((m) => ({
    index: m.index,
    name: m[3]!,
    exported: Boolean(m[1]),
    isDefault: Boolean(m[2]),
  }))
  const declarations: Declaration[] = starts.map((s, i) => ({
    name: s.name,
    exported: s.exported,
    isDefault: s.isDefault,
    text: text.slice(s.index, starts[i + 1]?.index ?? text.length),
  }))
  // `export default Name` at the end of a file names the default export.
  const defaultName = /^export\s+default\s+([A-Za-z_$][\w$]*)\s*;?\s*$/m.exec(text)?.[1]
  const named = declarations.find((d) => d.name === defaultName)
  if (named) named.isDefault = true
  return { file, text, declarations, imports, dynamicImports }
}

/** Operations a piece of code calls directly, by the generated client's call forms. */
export function directCalls(text: string, operations: Operations): string[] {
  const byMethodPath = new Map(
    Object.entries(operations).map(([id, o]) => [`${o.method.toLowerCase()} ${o.path}`, id]),
  )
  const found = new Set<string>()
  const lower = `'"\``
  const q = `[${lower}]`
  const patterns = [
    // $api.useQuery('get', '/v2/...'), $api.queryOptions('get', '/v2/...'), client.request('get', ...)
    new RegExp(`\\(\\s*${q}(get|put|post|delete|patch)${q}\\s*,\\s*${q}(/[^'"\`]+)${q}`, 'g'),
    // fetchClient.GET('/v2/...')
    new RegExp(`\\.\\s*(GET|PUT|POST|DELETE|PATCH)\\s*\\(\\s*${q}(/[^'"\`]+)${q}`, 'g'),
  ]
  for (const re of patterns) {
    for (const m of text.matchAll(re)) {
      const id = byMethodPath.get(`${m[1]!.toLowerCase()} ${m[2]}`)
      if (id) found.add(id)
    }
  }
  for (const m of text.matchAll(/\boperations\.([A-Za-z_$][\w$]*)/g)) {
    if (m[1]! in operations) found.add(m[1]!)
  }
  return [...found]
}

const escape = (s: string) => s.replace(/[$]/g, '\\$')
// A name preceded by a dot is a member of something else (`x.name`), except in a spread
// (`{...layoutSlots}`: the root layout hands the header its slots so).
const names = (text: string, name: string) =>
  new RegExp(`(^|[^\\w$.]|\\.\\.\\.)${escape(name)}\\b`).test(text)

export function scanSite(srcDir: string, operations: Operations, source?: string): SiteUsage {
  const files = new Map(listFiles(srcDir).map((f) => [f, parseFile(f, srcDir)]))
  const key = (file: string, name: string) => `${file}#${name}`
  const memo = new Map<string, Set<string>>()

  function usesOf(file: string, name: string, stack: Set<string>): Set<string> {
    const k = key(file, name)
    const cached = memo.get(k)
    if (cached) return cached
    const out = new Set<string>()
    if (stack.has(k)) return out
    stack.add(k)
    const sf = files.get(file)
    const decls =
      name === '*'
        ? (sf?.declarations ?? [])
        : (sf?.declarations.filter((d) => (name === 'default' ? d.isDefault : d.name === name)) ??
          [])
    for (const d of decls) for (const id of declarationUses(sf!, d, stack)) out.add(id)
    stack.delete(k)
    memo.set(k, out)
    return out
  }

  function declarationUses(sf: SourceFile, d: Declaration, stack: Set<string>): Set<string> {
    const out = new Set(directCalls(d.text, operations))
    const body = d.text.slice(d.text.indexOf(d.name) + d.name.length)
    for (const other of sf.declarations) {
      if (other !== d && names(body, other.name)) {
        for (const id of usesOf(sf.file, other.name, stack)) out.add(id)
      }
    }
    for (const imp of sf.imports) {
      if (!names(body, imp.local)) continue
      if (imp.imported === '*') {
        for (const m of body.matchAll(new RegExp(`\\b${escape(imp.local)}\\.([\\w$]+)`, 'g')))
          for (const id of usesOf(imp.file, m[1]!, stack)) out.add(id)
      } else for (const id of usesOf(imp.file, imp.imported, stack)) out.add(id)
    }
    for (const m of d.text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)) {
      const target = resolveModule(sf.file, m[1]!, srcDir)
      if (target) for (const id of usesOf(target, '*', stack)) out.add(id)
    }
    return out
  }

  const result: SiteUsage['operations'] = {}
  const routesDir = join(srcDir, 'routes')
  for (const sf of files.values()) {
    const direct = directCalls(sf.text, operations)
    for (const id of direct) {
      const entry = (result[id] ??= { screens: [], files: [] })
      entry.files.push(relative(dirname(srcDir), sf.file))
    }
    if (!sf.file.startsWith(routesDir + '/')) continue
    const route = /create(?:Lazy)?FileRoute\(\s*['"`]([^'"`]+)['"`]/.exec(sf.text)?.[1]
    const isRoot = /createRootRoute(WithContext)?\b/.test(sf.text)
    if (!route && !isRoot) continue
    const screen = isRoot ? ROOT_SCREEN : screenName(route!, sf.file)
    const uses = new Set<string>()
    for (const d of sf.declarations)
      for (const id of usesOf(sf.file, d.name, new Set())) uses.add(id)
    for (const id of uses) {
      const entry = (result[id] ??= { screens: [], files: [] })
      if (!entry.screens.includes(screen)) entry.screens.push(screen)
    }
  }
  for (const entry of Object.values(result)) {
    entry.screens.sort()
    entry.files.sort()
  }
  const sorted = Object.fromEntries(Object.entries(result).sort(([a], [b]) => a.localeCompare(b)))
  return { source: source ?? `${srcDir} (scanned now)`, operations: sorted }
}

/**
 * A route id as a player sees it: pathless layout segments (`/_public`) dropped, no trailing
 * slash; a layout route (`route.tsx`, or a pathless one) is named as the pages it wraps.
 */
export function screenName(routeId: string, file: string): string {
  const path = routeId.replace(/\/_[^/]+/g, '').replace(/\/$/, '') || '/'
  const layout = /(^|\/)route\.[jt]sx?$/.test(file) || /\/_[^/]+$/.test(routeId)
  return layout ? `${path === '/' ? '' : path}/* (layout)` : path
}

export function screensOf(usage: SiteUsage, operationId: string): string[] | undefined {
  const screens = usage.operations[operationId]?.screens
  return screens && screens.length ? screens : undefined
}

/** The site's sources in `cwd` when they are there (the site's own checkout), else the shipped map. */
export function loadSiteUsage(
  cwd: string,
  operations: Operations,
  shipped: string,
): SiteUsage | undefined {
  const src = join(cwd, 'src')
  if (existsSync(join(src, 'routes')))
    return scanSite(src, operations, `src/ of ${cwd} (scanned now)`)
  if (existsSync(shipped)) return JSON.parse(readFileSync(shipped, 'utf8')) as SiteUsage
  return undefined
}
