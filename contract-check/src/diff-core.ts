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
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Affected, Change, Direction, DiffReport, Json, Side } from './diff-model'
import { METHODS } from './diff-model'
import { bundled, redoclyDiff, redoclyVersion, type RedoclyChange } from './diff-redocly'
import { isOperationSecurity, securityChanges } from './diff-security'
import {
  changedComponent,
  describePointer,
  operationAt,
  pointerParts,
  usageMap,
} from './diff-where'
import { screensOf, type SiteUsage } from './site-usage'

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
    const report = await redoclyDiff(b.file, h.file, join(work, 'diff.json'))
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
