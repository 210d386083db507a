// Dev and e2e builds only: the headers with which a request tells the mock (mock/: our layer in
// front of Prism) what this browser chose it to answer, read from localStorage per request.
// A module of its own, without imports, because two scripts send them: the app's client
// (./mock-prefer.ts, a middleware) and the preload script of the e2e build
// (`startWithMockHeaders`), whose first calls the app then takes as its own.

export const MOCK_PREFER_KEY = 'mock:prefer'
export const MOCK_SCENARIO_KEY = 'mock:scenario'
export const MOCK_LATENCY_KEY = 'mock:latency'
export const MOCK_FAIL_RATE_KEY = 'mock:fail-rate'
/** The header the mock layer reads the scenario from (mock/layer.ts). */
export const MOCK_SCENARIO_HEADER = 'X-Mock-Scenario'
/** The headers the mock layer reads latency and failure rate from (mock/chaos.ts). */
export const MOCK_LATENCY_HEADER = 'X-Mock-Latency'
export const MOCK_FAIL_RATE_HEADER = 'X-Mock-Fail-Rate'

/** The stored choices, {operationId: Prism `Prefer` value}; none where unreadable. */
export function readPreferChoices(): Record<string, string | undefined> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(MOCK_PREFER_KEY) ?? '{}')
    return typeof parsed === 'object' && parsed !== null
      ? (parsed as Record<string, string | undefined>)
      : {}
  } catch {
    return {}
  }
}

/**
 * What a request of `operationId` carries: Prism's `Prefer` for that operation, the scenario,
 * latency and failure rate, each only where chosen. Empty where nothing is chosen, as for
 * every request of a production build.
 */
export function mockHeaders(operationId: string | undefined): Record<string, string> {
  const headers: Record<string, string> = {}
  const prefer = operationId && readPreferChoices()[operationId]
  if (prefer) headers.Prefer = prefer
  const stored: [string, string][] = [
    [MOCK_SCENARIO_KEY, MOCK_SCENARIO_HEADER],
    [MOCK_LATENCY_KEY, MOCK_LATENCY_HEADER],
    [MOCK_FAIL_RATE_KEY, MOCK_FAIL_RATE_HEADER],
  ]
  for (const [key, header] of stored) {
    const value = localStorage.getItem(key)
    if (value) headers[header] = value
  }
  return headers
}

/**
 * The e2e build's preload script starts its first calls with this (src/preload.ts
 * `StartCall`; `operations` names each call's operation, config/preload-first-page.ts): each
 * sent with the choices stored as the page loads, which go with the call, so that the app
 * takes it only for a request that sends the same (src/lib/api/first-calls.ts).
 */
export const startWithMockHeaders =
  (operations: Record<string, string | undefined>) => (url: string, call: string) => {
    const headers = mockHeaders(operations[call])
    return Object.assign(fetch(url, { credentials: 'include', headers }), { sentHeaders: headers })
  }
