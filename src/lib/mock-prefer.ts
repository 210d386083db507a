// Dev only (imported behind `import.meta.env.DEV`): lets a front-end developer or a test
// pick which documented response the Prism mock serves, per operation, by adding Prism's
// `Prefer` header (`code=404`, `example=taken`, `dynamic=true`).
//
// Choices live in localStorage under MOCK_PREFER_KEY as {operationId: preferValue}. From the
// browser console: `mockPrefer.set('getAgencyInfo', 'code=404')`, `mockPrefer.clear()`.
// A page URL can carry them too: `?mock=getAgencyInfo:code=404,validateUsername:example=taken`.
import type { Middleware } from 'openapi-fetch'
import { operations, type OperationId } from '~generated/api/operations'

export const MOCK_PREFER_KEY = 'mock:prefer'

type Choices = Partial<Record<OperationId, string>>

function read(): Choices {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(MOCK_PREFER_KEY) ?? '{}')
    return typeof parsed === 'object' && parsed !== null ? (parsed as Choices) : {}
  } catch {
    return {}
  }
}

function write(choices: Choices) {
  localStorage.setItem(MOCK_PREFER_KEY, JSON.stringify(choices))
}

function isOperationId(value: string): value is OperationId {
  return Object.hasOwn(operations, value)
}

const byMethodAndPath = new Map<string, OperationId>(
  Object.entries(operations).map(([id, op]) => [`${op.method} ${op.path}`, id as OperationId]),
)

export const mockPrefer = {
  set(operationId: OperationId, prefer: string) {
    if (!isOperationId(operationId)) throw new Error(`unknown operationId ${operationId}`)
    write({ ...read(), [operationId]: prefer })
  },
  unset(operationId: OperationId) {
    const next = read()
    delete next[operationId]
    write(next)
  },
  clear() {
    localStorage.removeItem(MOCK_PREFER_KEY)
  },
  list: read,
}

/** Reads `?mock=op:prefer,op:prefer` from the page URL into the stored choices. */
function importFromUrl() {
  const param = new URLSearchParams(window.location.search).get('mock')
  if (!param) return
  for (const pair of param.split(',')) {
    const [op, ...rest] = pair.split(':')
    if (op && rest.length && isOperationId(op)) mockPrefer.set(op, rest.join(':'))
  }
}

export const preferMiddleware: Middleware = {
  onRequest({ request, schemaPath }) {
    const id = byMethodAndPath.get(`${request.method.toLowerCase()} ${schemaPath}`)
    const prefer = id && read()[id]
    if (prefer) request.headers.set('Prefer', prefer)
    return request
  },
}

export function installMockPrefer(client: { use: (m: Middleware) => void }) {
  importFromUrl()
  client.use(preferMiddleware)
  Object.assign(window, { mockPrefer })
}
