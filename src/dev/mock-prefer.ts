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
//   them too: `?mock=getAgencyInfo:code=404,validateUsername:example=taken`; a choice may have
//   several parts (`?mock=createDeposit:code=409,example=OPEN_ORDER`). What the URL carries is
//   stored once and taken out of the address bar, so a reload keeps later console choices.
// - Latency and random failures for this browser (`mockChaos.set({ latency: '300-1200',
//   failRate: '0.1' })` or the panel): sent as X-Mock-Latency and X-Mock-Fail-Rate.
//
// The headers themselves come from ./mock-headers.ts, which the e2e build's preload script
// sends too: a first call it started with the same choices is the app's answer.
import type { Middleware } from 'openapi-fetch'
import { operations, type OperationId } from '~generated/api/operations'
import {
  MOCK_FAIL_RATE_KEY,
  MOCK_LATENCY_KEY,
  MOCK_PREFER_KEY,
  MOCK_SCENARIO_KEY,
  mockHeaders,
  readPreferChoices,
} from './mock-headers'

export { MOCK_PREFER_KEY, MOCK_SCENARIO_KEY } from './mock-headers'
/** `show` or `hide` forces the panel; otherwise it shows except under automation. */
export const MOCK_PANEL_KEY = 'mock:panel'

type Choices = Partial<Record<OperationId, string>>

const read = () => readPreferChoices() as Choices

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

/** This browser's latency (`2000`, `300-1200` ms) and failure rate (`0.1`); empty: none. */
export const mockChaos = {
  get: () => ({
    latency: localStorage.getItem(MOCK_LATENCY_KEY) ?? '',
    failRate: localStorage.getItem(MOCK_FAIL_RATE_KEY) ?? '',
  }),
  set({ latency, failRate }: { latency?: string; failRate?: string }) {
    for (const [key, value] of [
      [MOCK_LATENCY_KEY, latency],
      [MOCK_FAIL_RATE_KEY, failRate],
    ] as const) {
      if (value === undefined) continue
      if (value.trim()) localStorage.setItem(key, value.trim())
      else localStorage.removeItem(key)
    }
  },
}

const OPERATION_PART = /^(\w+):(.*)$/

/**
 * Reads `?mock=op:prefer,op:prefer` and `?scenario=NAME` from the page URL into storage (a
 * part without `op:` belongs to the choice before it: `op:code=409,example=OPEN_ORDER`).
 * Returns what it ignored, and says so in the console.
 */
export function importFromUrl(search = window.location.search): string[] {
  const params = new URLSearchParams(search)
  const scenario = params.get('scenario')
  if (scenario) mockScenario.set(scenario)
  const ignored: string[] = []
  const choices: [OperationId, string[]][] = []
  for (const part of (params.get('mock') ?? '').split(',').filter((p) => p.trim())) {
    const [, op, prefer] = OPERATION_PART.exec(part.trim()) ?? []
    const last = choices.at(-1)
    if (op && prefer !== undefined && isOperationId(op)) choices.push([op, [prefer]])
    else if (op && prefer !== undefined) ignored.push(`${part} (no operation "${op}")`)
    else if (last) last[1].push(part.trim())
    else ignored.push(`${part} (no operation before it)`)
  }
  for (const [op, parts] of choices) mockPrefer.set(op, parts.join(', '))
  if (ignored.length) {
    console.warn(
      `mock: ?mock= ignored ${ignored.join('; ')}. Operations and their examples: GET /api/__mock/operations`,
    )
  }
  return ignored
}

/** Takes `?mock=` and `?scenario=` out of the address bar once stored (applied once). */
export function forgetUrlChoices() {
  const url = new URL(window.location.href)
  if (!url.searchParams.has('mock') && !url.searchParams.has('scenario')) return
  url.searchParams.delete('mock')
  url.searchParams.delete('scenario')
  window.history.replaceState(window.history.state, '', url)
}

export const preferMiddleware: Middleware = {
  onRequest({ request, schemaPath }) {
    const id = byMethodAndPath.get(`${request.method.toLowerCase()} ${schemaPath}`)
    for (const [name, value] of Object.entries(mockHeaders(id))) request.headers.set(name, value)
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
  forgetUrlChoices()
  client.use(preferMiddleware)
  Object.assign(window, { mockPrefer, mockScenario, mockChaos })
  if (panelWanted()) {
    void import('./mock-panel').then(({ mountMockPanel }) => mountMockPanel())
  }
}
