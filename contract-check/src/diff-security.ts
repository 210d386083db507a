// Site rule: effective security. An operation that drops `security: []` inherits the global
// cookie requirement; Redocly judges only the operation's own `security` node (a patch), so its
// operation-level security entries are replaced by these changes.
import type { Affected, Change, Json } from './diff-model'
import { METHODS } from './diff-model'
import { pointerParts, resolveRef } from './diff-where'

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

export function securityChanges(baseDoc: Json, headDoc: Json): Change[] {
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

export function isOperationSecurity(pointer: string) {
  const parts = pointerParts(pointer)
  return (
    (parts.length === 1 && parts[0] === 'security') ||
    (parts[0] === 'paths' && parts.length === 4 && parts[3] === 'security')
  )
}
