// Dev only (imported behind `import.meta.env.DEV`): lets a front-end developer or a test
// pick what the mock (mock/: our layer in front of Prism) answers.
//
// - A scenario (mock/scenarios.ts) for the whole browser session: sent as the X-Mock-Scenario
//   header on every API call. Chosen with `?scenario=new-player` in the page URL, the dev-only
//   panel (./mock-panel.tsx) or `mockScenario.set('new-player')`; kept in localStorage under
//   MOCK_SCENARIO_KEY.
// - Per operation, which documented response Prism serves, by adding Prism's `Prefer` header
//   (`code=404`, `example=taken`, `dynamic=true`); wins over the scenario. Choices live in
//   localStorage under MOCK_PREFER_KEY as {operationId: preferValue}. From the console:
//   `mockPrefer.set('getAgencyInfo', 'code=404')`, `mockPrefer.clear()`. A page URL can carry
//   them too: `?mock=getAgencyInfo:code=404,validateUsername:example=taken`.
import type { Middleware } from 'openapi-fetch'
import { operations, type OperationId } from '~generated/api/operations'

export const MOCK_PREFER_KEY = 'mock:prefer'
export const MOCK_SCENARIO_KEY = 'mock:scenario'
/** The header the mock layer reads the scenario from (mock/layer.ts). */
export const MOCK_SCENARIO_HEADER = 'X-Mock-Scenario'
/** `show` or `hide` forces the panel; otherwise it shows except under automation. */
export const MOCK_PANEL_KEY = 'mock:panel'

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

export const mockScenario = {
  /** The stored scenario; undefined means the mock's start-up scenario. */
  get: (): string | undefined => localStorage.getItem(MOCK_SCENARIO_KEY) ?? undefined,
  set(name: string) {
    localStorage.setItem(MOCK_SCENARIO_KEY, name)
  },
  clear() {
    localStorage.removeItem(MOCK_SCENARIO_KEY)
  },
}

/**
 * Reads `?mock=op:prefer,op:prefer` and `?scenario=NAME` from the page URL into storage, so
 * the choice outlives navigation and reloads.
 */
export function importFromUrl(search = window.location.search) {
  const params = new URLSearchParams(search)
  const scenario = params.get('scenario')
  if (scenario) mockScenario.set(scenario)
  const param = params.get('mock')
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
    const scenario = mockScenario.get()
    if (scenario) request.headers.set(MOCK_SCENARIO_HEADER, scenario)
    return request
  },
}

/** The panel stays out of automated browsers (e2e) unless a test asks for it. */
export function panelWanted(): boolean {
  const forced = localStorage.getItem(MOCK_PANEL_KEY)
  if (forced === 'show') return true
  if (forced === 'hide') return false
  return !navigator.webdriver
}

export function installMockPrefer(client: { use: (m: Middleware) => void }) {
  importFromUrl()
  client.use(preferMiddleware)
  Object.assign(window, { mockPrefer, mockScenario })
  if (panelWanted()) {
    void import('./mock-panel').then(({ mountMockPanel }) => mountMockPanel())
  }
}
