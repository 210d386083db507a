// Where a change lands: readable locations of JSON pointers, the component an edit was made in,
// and every operation (with its side, request or response) that reaches a component through
// any chain of `$ref`s (Redocly reports a change in a shared schema once, at its first use).
import type { RedoclyChange } from './diff-redocly'
import { followRef, refPath } from '../../scripts/contract-ref.mjs'
import { METHODS, type Affected, type Direction, type Json } from './diff-model'

export const pointerParts = refPath

function at(doc: Json, pointer: string): unknown {
  return pointerParts(pointer).reduce<unknown>((n, k) => (n as Json | undefined)?.[k], doc)
}

export function componentOf(pointer: string | undefined): string | undefined {
  const m = pointer ? /^#\/components\/[^/]+\/[^/]+/.exec(pointer) : null
  return m?.[0]
}

/** Component pointer -> the operations (and sides) that reach it, through any chain of $refs. */
export function usageMap(doc: Json): Map<string, Affected[]> {
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

/** Follows local `$ref`s; stops at one outside the document or a cycle (any two documents). */
export function resolveRef(doc: Json, node: unknown): unknown {
  return followRef(doc, node, { lenient: true })
}

export function operationAt(doc: Json, path: string, method: string): Affected[] {
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

/**
 * The component the edit was made in. When the two sides point into different components, a
 * `$ref` was swapped for an inline schema (or back): the edit is in the component holding the
 * schema node, not in the one whose keyword (`.../maxLength`) changed through the ref.
 */
export function changedComponent(c: RedoclyChange): string | undefined {
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
