// Breaking-change report between two versions of the contract.
// Engine: `redocly diff` (Redocly CLI, already our bundler and linter; OpenAPI 3.1; rules
// `diff-recommended`, direction-aware). On top of it, site rules where the site needs a different
// verdict than a generic client (docs/decisions/002-drift-and-diff.md):
//   - effective security: an operation that inherits the global cookie requirement after losing
//     `security: []` is breaking (the site calls it before login); Redocly judges only the
//     operation's own `security` node and calls that a patch.
//   - a narrowed enum in a response is breaking: the site's exhaustive catalogues
//     (`satisfies Record<Enum, ...>`) stop compiling and branches for the value go dead.
// and, for every change, the operations it affects (a shared schema is reported once by Redocly).
import { execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parse } from 'yaml'
import { SHIPPED_CONTRACT } from './paths'
import { screensOf, type SiteUsage } from './site-usage'

export const DEFAULT_ENTRY = 'openapi/openapi.yaml'
/** The side name for the contract this package ships (what the site was built against). */
export const SHIPPED_SIDE = 'shipped'
const DIFF_CONFIG = fileURLToPath(new URL('./redocly-diff.yaml', import.meta.url))
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']

type Json = Record<string, unknown>

export class DiffError extends Error {}

// ---------------------------------------------------------------- inputs

export type Side = { label: string; file: string }

function git(args: string[], cwd = process.cwd()): string {
  return execFileSync('git', ['-C', cwd, ...args], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
}

/**
 * A file as is, `shipped` for the contract this package was built from, or the contract's
 * files at a git ref of the repository around the current folder, written to `workDir`.
 */
export function resolveSide(spec: string, workDir: string, entry = DEFAULT_ENTRY): Side {
  if (existsSync(spec)) return { label: spec, file: resolve(spec) }
  if (spec === SHIPPED_SIDE) {
    if (!existsSync(SHIPPED_CONTRACT))
      throw new DiffError(`this package has no shipped contract (${SHIPPED_CONTRACT}): build it`)
    return { label: 'shipped contract', file: SHIPPED_CONTRACT }
  }
  let commit: string
  let root: string
  try {
    root = git(['rev-parse', '--show-toplevel']).trim()
    commit = git(['rev-parse', '--verify', '--quiet', `${spec}^{commit}`]).trim()
  } catch {
    throw new DiffError(`"${spec}" is neither a file, "${SHIPPED_SIDE}" nor a git ref`)
  }
  const folder = dirname(entry)
  const files = git(['ls-tree', '-r', '-z', '--name-only', commit, '--', folder], root)
    .split('\0')
    .filter(Boolean)
  if (!files.includes(entry)) throw new DiffError(`${spec} (${commit.slice(0, 7)}) has no ${entry}`)
  const dir = join(workDir, commit.slice(0, 12))
  for (const file of files) {
    const target = join(dir, file)
    mkdirSync(dirname(target), { recursive: true })
    writeFileSync(
      target,
      execFileSync('git', ['-C', root, 'show', `${commit}:${file}`], {
        maxBuffer: 64 * 1024 * 1024,
      }),
    )
  }
  return { label: `${spec} (${commit.slice(0, 7)})`, file: join(dir, entry) }
}

// ---------------------------------------------------------------- redocly

function redoclyBin(): string {
  const require = createRequire(import.meta.url)
  const pkgFile = require.resolve('@redocly/cli/package.json')
  const pkg = require(pkgFile) as { bin: Record<string, string> | string }
  const bin =
    typeof pkg.bin === 'string' ? pkg.bin : (pkg.bin.redocly ?? Object.values(pkg.bin)[0]!)
  return join(dirname(pkgFile), bin)
}

export function redoclyVersion(): string {
  const require = createRequire(import.meta.url)
  return (require('@redocly/cli/package.json') as { version: string }).version
}

function runRedocly(args: string[], timeoutMs = 60_000): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [redoclyBin(), ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      // No usage data or update checks from our tools.
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    })
    let output = ''
    child.stdout.on('data', (c: Buffer) => (output += c.toString()))
    child.stderr.on('data', (c: Buffer) => (output += c.toString()))
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
    child.on('error', reject)
    child.on('exit', (code) => {
      clearTimeout(timer)
      if (code === 0) return resolvePromise()
      const lines = output
        .split('\n')
        .filter((l) => l.trim() && !/[║╔╚]/.test(l))
        .slice(-8)
        .join('\n')
      reject(new DiffError(`redocly ${args[0]} failed (exit ${code}):\n${lines}`))
    })
  })
}

function hasExternalRefs(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(hasExternalRefs)
  if (!node || typeof node !== 'object') return false
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string' && !value.startsWith('#')) return true
    if (hasExternalRefs(value)) return true
  }
  return false
}

/** One file with only local refs: the input itself when it is one already. */
async function bundled(file: string, out: string): Promise<{ file: string; doc: Json }> {
  let doc: Json
  try {
    doc = parse(readFileSync(file, 'utf8')) as Json
  } catch (error) {
    throw new DiffError(`cannot read ${file}: ${(error as Error).message}`)
  }
  if (!doc || typeof doc !== 'object' || !('openapi' in doc)) {
    throw new DiffError(`${file} is not an OpenAPI document`)
  }
  if (!hasExternalRefs(doc)) return { file, doc }
  await runRedocly(['bundle', file, '-o', out])
  return { file: out, doc: parse(readFileSync(out, 'utf8')) as Json }
}

// ---------------------------------------------------------------- Redocly's report

type RedoclyLocation = { pointer?: string; value?: unknown }
type RedoclyChange = {
  path: string
  typeName: string
  kind: 'added' | 'removed' | 'modified'
  impact: 'major' | 'minor' | 'patch'
  property?: string
  verdicts: { ruleId: string; impact: string; message: string }[]
  base?: RedoclyLocation
  revision?: RedoclyLocation
}
type RedoclyReport = { reportVersion: string; changes: RedoclyChange[] }

// ---------------------------------------------------------------- where a change lands

export type Affected = {
  operationId: string
  method: string
  path: string
  direction: Direction
  /** The site's screens (routes) whose code calls this operation, when it calls it at all. */
  screens?: string[]
}
type Direction = 'request' | 'response'

const unescape = (s: string) => s.replace(/~1/g, '/').replace(/~0/g, '~')
const pointerParts = (p: string) => p.replace(/^#\/?/, '').split('/').filter(Boolean).map(unescape)

function at(doc: Json, pointer: string): unknown {
  return pointerParts(pointer).reduce<unknown>((n, k) => (n as Json | undefined)?.[k], doc)
}

function componentOf(pointer: string | undefined): string | undefined {
  const m = pointer ? /^#\/components\/[^/]+\/[^/]+/.exec(pointer) : null
  return m?.[0]
}

/** Component pointer -> the operations (and sides) that reach it, through any chain of $refs. */
function usageMap(doc: Json): Map<string, Affected[]> {
  const usage = new Map<string, Affected[]>()
  const paths = (doc.paths ?? {}) as Record<string, Json>
  for (const [path, rawItem] of Object.entries(paths)) {
    const item = resolveRef(doc, rawItem) as Json
    for (const method of METHODS) {
      const op = item?.[method] as Json | undefined
      if (!op) continue
      const base = { operationId: String(op.operationId ?? `${method} ${path}`), method, path }
      const roots: [Direction, unknown][] = [
        ['request', item.parameters],
        ['request', op.parameters],
        ['request', op.requestBody],
        ['response', op.responses],
      ]
      for (const [direction, root] of roots) {
        const seen = new Set<string>()
        const walk = (node: unknown, depth: number) => {
          if (depth > 200 || !node || typeof node !== 'object') return
          if (Array.isArray(node)) return node.forEach((n) => walk(n, depth + 1))
          const ref = (node as Json).$ref
          if (typeof ref === 'string' && ref.startsWith('#/')) {
            if (seen.has(ref)) return
            seen.add(ref)
            const component = componentOf(ref)
            if (component) {
              const list = usage.get(component) ?? []
              if (
                !list.some((a) => a.operationId === base.operationId && a.direction === direction)
              )
                list.push({ ...base, direction })
              usage.set(component, list)
            }
            return walk(at(doc, ref), depth + 1)
          }
          for (const value of Object.values(node)) walk(value, depth + 1)
        }
        walk(root, 0)
      }
    }
  }
  return usage
}

function resolveRef(doc: Json, node: unknown): unknown {
  let current = node
  for (let i = 0; i < 32 && current && typeof current === 'object' && '$ref' in current; i++) {
    const ref = String((current as Json).$ref)
    if (!ref.startsWith('#/')) break
    current = at(doc, ref)
  }
  return current
}

function operationAt(doc: Json, path: string, method: string): Affected[] {
  const item = resolveRef(doc, (doc.paths as Json | undefined)?.[path]) as Json | undefined
  if (!item) return []
  const methods = method ? [method] : METHODS
  return methods
    .filter((m) => item[m])
    .map((m) => ({
      operationId: String((item[m] as Json).operationId ?? `${m} ${path}`),
      method: m,
      path,
      direction: 'response' as Direction,
    }))
}

function schemaTrail(parts: string[]): string {
  let out = ''
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i]!
    if (p === 'properties' && parts[i + 1] !== undefined) out += `.${parts[++i]}`
    else if (p === 'items') out += '[]'
    else if ((p === 'oneOf' || p === 'anyOf' || p === 'allOf') && parts[i + 1] !== undefined)
      out += `.${p}[${parts[++i]}]`
    else out += `/${p}`
  }
  return out.replace(/^\./, '')
}

/** `#/paths/~1v2~1deposits/get/responses/200/content/application~1json/schema/properties/x` -> readable. */
export function describePointer(pointer: string): string {
  const parts = pointerParts(pointer)
  if (parts[0] === 'paths' && parts[1]) {
    const path = parts[1]
    const method = parts[2] && METHODS.includes(parts[2]) ? parts[2] : undefined
    const rest = method ? parts.slice(3) : parts.slice(2)
    const head = method ? `${method.toUpperCase()} ${path}` : path
    if (!rest.length) return head
    if (rest[0] === 'responses') {
      const [, status, section, name, ...tail] = rest
      if (!section) return `${head} response ${status}`
      if (section === 'headers')
        return `${head} response ${status} ${name ? `header ${name}` : 'headers'}`
      if (section === 'content') {
        const trail = tail[0] === 'schema' ? schemaTrail(tail.slice(1)) : tail.join('/')
        return `${head} response ${status} body${trail ? ` ${trail}` : ''}${name && name !== 'application/json' ? ` (${name})` : ''}`
      }
      return `${head} response ${status} ${[section, name, ...tail].filter(Boolean).join('/')}`
    }
    if (rest[0] === 'requestBody') {
      const [, section, media, ...tail] = rest
      if (section !== 'content') return `${head} request body`
      const trail = tail[0] === 'schema' ? schemaTrail(tail.slice(1)) : tail.join('/')
      return `${head} request body${trail ? ` ${trail}` : ''}${media && media !== 'application/json' ? ` (${media})` : ''}`
    }
    return `${head} ${rest.join('/')}`
  }
  if (parts[0] === 'components' && parts[2]) {
    return `${parts[2]} (${parts[1]})${parts.length > 3 ? ` ${schemaTrail(parts.slice(3))}` : ''}`
  }
  return parts.join('/') || '(document)'
}

// ---------------------------------------------------------------- the report

export type Change = {
  breaking: boolean
  /** Redocly's semver impact, or `major` for a breaking site rule. */
  impact: 'major' | 'minor' | 'patch'
  rule: string
  source: 'redocly' | 'site'
  kind: 'added' | 'removed' | 'modified'
  /** Readable location of the first occurrence. */
  where: string
  pointer: string
  /** Component where the change was made, when it was made in one. */
  component?: string
  property?: string
  message: string
  affects: Affected[]
}

export type DiffReport = {
  base: Side
  head: Side
  engine: string
  summary: { breaking: number; nonBreaking: number }
  changes: Change[]
  /**
   * What the site calls, and from which screens, for the operations the changes affect:
   * `source` says where the map came from (the site's src/ now, or the one shipped).
   */
  site?: {
    source: string
    /** Screen -> the operations of breaking changes it calls (what a backend developer reads). */
    breaks: Record<string, string[]>
  }
}

type Security = { public: boolean; schemes: string[] }

function effectiveSecurity(doc: Json, op: Json): Security {
  const list = (op.security ?? doc.security ?? []) as Json[]
  const isPublic = list.length === 0 || list.some((req) => Object.keys(req).length === 0)
  return {
    public: isPublic,
    schemes: list
      .map((req) => Object.keys(req).sort().join('+'))
      .filter(Boolean)
      .sort(),
  }
}

function operationsOf(doc: Json): Map<string, { path: string; method: string; op: Json }> {
  const out = new Map<string, { path: string; method: string; op: Json }>()
  for (const [path, rawItem] of Object.entries((doc.paths ?? {}) as Json)) {
    const item = resolveRef(doc, rawItem) as Json
    for (const method of METHODS) {
      const op = item?.[method] as Json | undefined
      // Path parameters match by position, not by name.
      if (op) out.set(`${method} ${path.replace(/\{[^}]+\}/g, '{}')}`, { path, method, op })
    }
  }
  return out
}

function securityChanges(baseDoc: Json, headDoc: Json): Change[] {
  const changes: Change[] = []
  const headOps = operationsOf(headDoc)
  for (const [key, b] of operationsOf(baseDoc)) {
    const h = headOps.get(key)
    if (!h) continue
    const before = effectiveSecurity(baseDoc, b.op)
    const after = effectiveSecurity(headDoc, h.op)
    const label = `${h.method.toUpperCase()} ${h.path}`
    const affects: Affected[] = [
      {
        operationId: String(h.op.operationId ?? label),
        method: h.method,
        path: h.path,
        direction: 'request',
      },
    ]
    const pointer = `#/paths/${h.path.replace(/~/g, '~0').replace(/\//g, '~1')}/${h.method}/security`
    const describe = (s: Security) => (s.public ? 'public' : s.schemes.join(' or '))
    if (before.public && !after.public) {
      changes.push({
        breaking: true,
        impact: 'major',
        rule: 'site/operation-became-protected',
        source: 'site',
        kind: 'modified',
        where: `${label} security`,
        pointer,
        message: `${label} now needs ${describe(after)} (was public): the site calls it without a session`,
        affects,
      })
    } else if (!before.public && after.public) {
      changes.push({
        breaking: false,
        impact: 'minor',
        rule: 'site/operation-became-public',
        source: 'site',
        kind: 'modified',
        where: `${label} security`,
        pointer,
        message: `${label} no longer needs ${describe(before)}`,
        affects,
      })
    } else if (before.schemes.join(',') !== after.schemes.join(',')) {
      changes.push({
        breaking: true,
        impact: 'major',
        rule: 'site/security-requirement-changed',
        source: 'site',
        kind: 'modified',
        where: `${label} security`,
        pointer,
        message: `${label} security changed from ${describe(before)} to ${describe(after)}`,
        affects,
      })
    }
  }
  return changes
}

function isOperationSecurity(pointer: string) {
  const parts = pointerParts(pointer)
  return (
    (parts.length === 1 && parts[0] === 'security') ||
    (parts[0] === 'paths' && parts.length === 4 && parts[3] === 'security')
  )
}

/**
 * The component the edit was made in. When the two sides point into different components, a
 * `$ref` was swapped for an inline schema (or back): the edit is in the component holding the
 * schema node, not in the one whose keyword (`.../maxLength`) changed through the ref.
 */
function changedComponent(c: RedoclyChange): string | undefined {
  const base = componentOf(c.base?.pointer)
  const revision = componentOf(c.revision?.pointer)
  if (!base || !revision || base === revision) return revision ?? base
  const viaKeyword = (pointer?: string) =>
    Boolean(c.property && pointer?.endsWith(`/${c.property}`))
  if (viaKeyword(c.base?.pointer) && !viaKeyword(c.revision?.pointer)) return revision
  if (viaKeyword(c.revision?.pointer) && !viaKeyword(c.base?.pointer)) return base
  // Both through a keyword: the inline side sits deeper in its component.
  const depth = (pointer: string | undefined, root: string) =>
    pointerParts(pointer ?? '').length - pointerParts(root).length
  const b = depth(c.base?.pointer, base)
  const r = depth(c.revision?.pointer, revision)
  if (b !== r) return b > r ? base : revision
  return c.kind === 'removed' ? base : revision
}

function fromRedocly(
  c: RedoclyChange,
  baseDoc: Json,
  headDoc: Json,
  baseUsage: Map<string, Affected[]>,
  headUsage: Map<string, Affected[]>,
): Change {
  const component = changedComponent(c)
  let affects: Affected[] = []
  if (component) {
    const seen = new Set<string>()
    for (const a of [...(baseUsage.get(component) ?? []), ...(headUsage.get(component) ?? [])]) {
      const key = `${a.operationId} ${a.direction}`
      if (!seen.has(key)) {
        seen.add(key)
        affects.push(a)
      }
    }
  }
  if (!affects.length) {
    const parts = pointerParts(c.path)
    if (parts[0] === 'paths' && parts[1]) {
      const method = parts[2] && METHODS.includes(parts[2]) ? parts[2] : ''
      const direction: Direction = parts.includes('responses') ? 'response' : 'request'
      affects = (
        operationAt(headDoc, parts[1], method).length
          ? operationAt(headDoc, parts[1], method)
          : operationAt(baseDoc, parts[1], method)
      ).map((a) => ({ ...a, direction: parts.length > 3 ? direction : a.direction }))
    }
  }
  const message =
    c.verdicts.map((v) => v.message).join(' ') ||
    `${c.kind}${c.property ? ` \`${c.property}\`` : ''}`
  const change: Change = {
    breaking: c.impact === 'major',
    impact: c.impact,
    rule: c.verdicts[0]?.ruleId ?? `${c.kind} (${c.impact})`,
    source: 'redocly',
    kind: c.kind,
    where: `${describePointer(c.path)}${c.property ? ` · ${c.property}` : ''}`,
    pointer: c.path,
    component,
    property: c.property,
    message,
    affects,
  }
  // Site rule: a response enum that loses values.
  if (c.property === 'enum' && c.kind === 'modified') {
    const before = Array.isArray(c.base?.value) ? (c.base.value as unknown[]) : []
    const after = Array.isArray(c.revision?.value) ? (c.revision.value as unknown[]) : []
    const lost = before.filter((v) => !after.includes(v))
    const inResponse =
      affects.some((a) => a.direction === 'response') || c.path.includes('/responses/')
    const lostMessage = `Enum lost ${lost.map((v) => `'${String(v)}'`).join(', ')} in a response: the site's exhaustive maps over this enum stop compiling and its branches for the value go dead.`
    if (lost.length && inResponse && !change.breaking) {
      change.breaking = true
      change.impact = 'major'
      change.rule = 'site/response-enum-narrowed'
      change.source = 'site'
      change.message = lostMessage
    } else if (lost.length && inResponse) {
      // Redocly reports one change per enum and names only the values gained (already
      // breaking); the values lost are what the site's code must drop, so they are said too.
      change.message = `${change.message} ${lostMessage}`
    }
  }
  return change
}

export async function diffContracts(
  base: Side,
  head: Side,
  usage?: SiteUsage,
): Promise<DiffReport> {
  const work = mkdtempSync(join(tmpdir(), 'contract-diff-'))
  try {
    const [b, h] = await Promise.all([
      bundled(base.file, join(work, 'base.yaml')),
      bundled(head.file, join(work, 'head.yaml')),
    ])
    const out = join(work, 'diff.json')
    await runRedocly([
      'diff',
      b.file,
      h.file,
      '--config',
      DIFF_CONFIG,
      '--lint-config',
      'off',
      '--format',
      'json',
      '--fail-on',
      'none',
      '-o',
      out,
    ])
    const report = JSON.parse(readFileSync(out, 'utf8')) as RedoclyReport
    if (report.reportVersion !== '1' || !Array.isArray(report.changes)) {
      throw new DiffError(
        `redocly diff report version ${String(report.reportVersion)} is not the one this tool reads (1)`,
      )
    }
    const baseUsage = usageMap(b.doc)
    const headUsage = usageMap(h.doc)
    const changes = [
      ...report.changes
        .filter((c) => !isOperationSecurity(c.path))
        .map((c) => fromRedocly(c, b.doc, h.doc, baseUsage, headUsage)),
      ...securityChanges(b.doc, h.doc),
    ]
    changes.sort((x, y) => Number(y.breaking) - Number(x.breaking))
    const breaking = changes.filter((c) => c.breaking).length
    let site: DiffReport['site']
    if (usage) {
      const breaks: Record<string, string[]> = {}
      for (const change of changes) {
        for (const a of change.affects) {
          const screens = screensOf(usage, a.operationId)
          if (screens) a.screens = screens
          if (!change.breaking) continue
          for (const screen of screens ?? []) {
            const list = (breaks[screen] ??= [])
            if (!list.includes(a.operationId)) list.push(a.operationId)
          }
        }
      }
      site = { source: usage.source, breaks }
    }
    return {
      base,
      head,
      engine: `redocly diff ${redoclyVersion()} (diff-recommended) + site rules`,
      summary: { breaking, nonBreaking: changes.length - breaking },
      changes,
      site,
    }
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}

// ---------------------------------------------------------------- rendering

const md = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ')

function affectsText(c: Change, limit = 6): string {
  const ids = [
    ...new Set(
      c.affects.map((a) => `${a.operationId}${a.direction === 'request' ? ' (request)' : ''}`),
    ),
  ]
  if (!ids.length) return ''
  const shown = ids.slice(0, limit).join(', ')
  return ids.length > limit ? `${shown} +${ids.length - limit} more` : shown
}

export function markdownDiff(r: DiffReport): string {
  const out: string[] = []
  const { breaking, nonBreaking } = r.summary
  out.push(
    `## Contract diff: ${breaking ? `${breaking} breaking change${breaking === 1 ? '' : 's'} for the site` : 'nothing breaking for the site'}`,
  )
  out.push('')
  out.push(
    `Base \`${r.base.label}\` -> head \`${r.head.label}\`: ${breaking} breaking, ${nonBreaking} not breaking. Engine: ${r.engine}.`,
  )
  out.push('')
  const table = (list: Change[]) => {
    out.push('| Where | Change | Rule | Affects |')
    out.push('| --- | --- | --- | --- |')
    for (const c of list) {
      out.push(
        `| ${md(c.where)}${c.component ? ` (in \`${c.component.replace('#/components/', '')}\`)` : ''} | ${md(c.message)} | \`${c.rule}\` | ${md(affectsText(c))} |`,
      )
    }
    out.push('')
  }
  const breakingList = r.changes.filter((c) => c.breaking)
  const screens = Object.entries(r.site?.breaks ?? {})
  if (screens.length) {
    out.push('### Screens of the site these breaking changes reach', '')
    out.push('| Screen | Operations it calls |', '| --- | --- |')
    for (const [screen, ids] of screens) {
      out.push(`| ${md(screen)} | ${ids.map((id) => `\`${id}\``).join(', ')} |`)
    }
    out.push('', `Where the site calls them: ${r.site!.source}.`, '')
  } else if (breakingList.length && r.site) {
    out.push(`No screen of the site calls the affected operations (${r.site.source}).`, '')
  }
  if (breakingList.length) {
    out.push('### Breaking for the site', '')
    table(breakingList)
  }
  const rest = r.changes.filter((c) => !c.breaking)
  out.push(`<details><summary>Not breaking (${rest.length})</summary>`, '')
  if (rest.length) table(rest)
  else out.push('No other changes.', '')
  out.push('</details>', '')
  return out.join('\n')
}

export function terminalDiff(r: DiffReport): string {
  const out: string[] = []
  out.push(`Contract diff: ${r.base.label} -> ${r.head.label} (${r.engine})`)
  for (const c of r.changes.filter((x) => x.breaking)) {
    const inComponent = c.component ? ` (in ${c.component.replace('#/components/', '')})` : ''
    out.push(`  BREAKING  ${c.where}${inComponent}`)
    out.push(`            ${c.message} [${c.rule}]`)
    const affects = affectsText(c)
    if (affects) out.push(`            affects: ${affects}`)
    const reached = [...new Set(c.affects.flatMap((a) => a.screens ?? []))]
    if (reached.length) out.push(`            breaks: ${reached.join(', ')}`)
  }
  const rest = r.changes.filter((x) => !x.breaking)
  if (rest.length)
    out.push(
      `  ${rest.length} change${rest.length === 1 ? '' : 's'} not breaking for the site (see the Markdown report)`,
    )
  out.push(
    r.summary.breaking
      ? `x ${r.summary.breaking} breaking change${r.summary.breaking === 1 ? '' : 's'} for the site`
      : `v nothing breaking for the site (${r.summary.nonBreaking} other change${r.summary.nonBreaking === 1 ? '' : 's'})`,
  )
  return out.join('\n')
}
