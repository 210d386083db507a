// Dev only: a small panel over the running app to pick the mock's scenario for this browser,
// reset the session's state, slow the mock down or make it fail, and answer one operation
// with a named example (from GET /__mock/operations). Loaded by ./mock-prefer.ts, itself imported only behind
// `import.meta.env.DEV`, so the production bundle has none of it (`npm run size` checks).
// A developer tool, not a player screen: its few words are English on purpose, not messages
// (docs/decisions/006-mock-layer.md).
import { StrictMode, useEffect, useId, useState } from 'react'
import { createRoot } from 'react-dom/client'
import type { OperationId } from '~generated/api/operations'
import { API_BASE_URL } from '~/lib/api/client'
import { mockChaos, mockPrefer, mockScenario } from './mock-prefer'

type ScenarioList = { default: string; scenarios: { name: string; description: string }[] }
type OperationList = {
  operations: { id: OperationId; examples: { name: string; status: number }[] }[]
}

// The layer's own endpoints (mock/layer.ts), not the contract's: the dev proxy forwards them
// like every /api call.
const MOCK_API = `${API_BASE_URL}/__mock`

async function resetSession() {
  await fetch(`${MOCK_API}/reset`, { method: 'POST', credentials: 'include' })
}

/**
 * One function for the module, not a default parameter: a default is a new function each
 * render, and as an effect dependency it re-ran the list request after every answer (~115
 * requests a second, the page never idle).
 */
const reloadPage = () => window.location.reload()

export function MockPanel({ reload = reloadPage }: { reload?: () => void }) {
  const [open, setOpen] = useState(false)
  const [list, setList] = useState<ScenarioList | 'unreachable' | undefined>()
  const [busy, setBusy] = useState(false)
  const headingId = useId()
  const stored = mockScenario.get()
  const current = stored ?? (typeof list === 'object' ? list.default : undefined)
  const preferCount = Object.keys(mockPrefer.list()).length

  useEffect(() => {
    let live = true
    fetch(`${MOCK_API}/scenarios`)
      .then((response) => (response.ok ? (response.json() as Promise<ScenarioList>) : undefined))
      .then((body) => {
        if (!live) return
        setList(body ?? 'unreachable')
        // A scenario the running mock does not know would make every call a 400: forget it.
        if (body && stored && !body.scenarios.some((s) => s.name === stored)) {
          console.warn(`mock: scenario "${stored}" is unknown to the running mock; using default`)
          mockScenario.clear()
          reload()
        }
      })
      .catch(() => live && setList('unreachable'))
    return () => {
      live = false
    }
  }, [stored, reload])

  // Not the mock (API_TARGET points at a real backend): stay out of the way.
  if (list === 'unreachable') return null

  const apply: Apply = async (action) => {
    setBusy(true)
    await action()
    reload()
  }

  return (
    <aside
      aria-label="Mock (dev only)"
      className="fixed bottom-24 left-2 z-40 text-sm text-ink bar:bottom-4 bar:left-4"
    >
      {open && typeof list === 'object' ? (
        <section
          aria-labelledby={headingId}
          className="mb-2 max-h-[70dvh] w-80 max-w-[calc(100vw-1rem)] overflow-y-auto rounded-xl border border-line bg-surface-raised p-3 shadow-lg"
        >
          <h2 id={headingId} className="mb-2 font-semibold">
            Mock scenario
          </h2>
          <fieldset disabled={busy} className="flex flex-col gap-2">
            <legend className="sr-only">Scenario for this browser</legend>
            {list.scenarios.map((scenario) => (
              <div key={scenario.name} className="flex min-h-6 gap-2">
                <input
                  type="radio"
                  id={`${headingId}-${scenario.name}`}
                  name="mock-scenario"
                  aria-describedby={`${headingId}-${scenario.name}-about`}
                  className="mt-1 size-4 shrink-0 cursor-pointer accent-accent"
                  checked={scenario.name === current}
                  onChange={() =>
                    void apply(async () => {
                      mockScenario.set(scenario.name)
                      await resetSession()
                    })
                  }
                />
                <div>
                  <label
                    htmlFor={`${headingId}-${scenario.name}`}
                    className="cursor-pointer font-semibold"
                  >
                    {scenario.name}
                  </label>
                  <p id={`${headingId}-${scenario.name}-about`} className="text-xs text-ink-muted">
                    {scenario.description}
                  </p>
                </div>
              </div>
            ))}
          </fieldset>
          <ChaosFields busy={busy} apply={apply} />
          <Operations busy={busy} apply={apply} />
          <div className="mt-3 flex flex-wrap gap-2">
            <button
              type="button"
              disabled={busy}
              className="min-h-6 cursor-pointer rounded-lg border border-line px-3 py-1.5 hover:bg-surface-overlay"
              onClick={() => void apply(resetSession)}
            >
              Reset session state
            </button>
            {preferCount > 0 && (
              <button
                type="button"
                disabled={busy}
                className="min-h-6 cursor-pointer rounded-lg border border-line px-3 py-1.5 hover:bg-surface-overlay"
                onClick={() => void apply(() => mockPrefer.clear())}
              >
                Clear {preferCount} Prefer choice{preferCount === 1 ? '' : 's'}
              </button>
            )}
          </div>
        </section>
      ) : null}
      <button
        type="button"
        aria-expanded={open}
        className="min-h-6 cursor-pointer rounded-full border border-line bg-surface-raised/90 px-3 py-1.5 shadow hover:bg-surface-overlay focus-visible:outline-2 focus-visible:outline-accent"
        onClick={() => setOpen((value) => !value)}
      >
        mock: {current ?? '…'}
      </button>
    </aside>
  )
}

const BUTTON =
  'min-h-6 cursor-pointer rounded-lg border border-line px-3 py-1.5 hover:bg-surface-overlay'

type Apply = (action: () => void | Promise<void>) => Promise<void>

/** This browser's latency and failure rate, sent as X-Mock-* headers on every API call. */
function ChaosFields({ busy, apply }: { busy: boolean; apply: Apply }) {
  const id = useId()
  const [values, setValues] = useState(mockChaos.get)
  const field = (key: 'latency' | 'failRate', label: string, hint: string) => (
    <div className="flex flex-col gap-1">
      <label htmlFor={`${id}-${key}`} className="text-xs font-semibold">
        {label}
      </label>
      <input
        id={`${id}-${key}`}
        value={values[key]}
        placeholder={hint}
        disabled={busy}
        onChange={(event) => setValues({ ...values, [key]: event.target.value })}
        className="min-h-6 w-28 rounded border border-line bg-surface px-2 py-1"
      />
    </div>
  )
  return (
    <form
      className="mt-3 flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault()
        void apply(() => mockChaos.set(values))
      }}
    >
      {field('latency', 'Latency (ms)', '300-1200')}
      {field('failRate', 'Fail rate', '0.1')}
      <button type="submit" disabled={busy} className={BUTTON}>
        Apply
      </button>
    </form>
  )
}

/** Every operation's named examples; choosing one answers that operation so (mock:prefer). */
function Operations({ busy, apply }: { busy: boolean; apply: Apply }) {
  const [list, setList] = useState<OperationList | 'unreachable' | undefined>()
  const load = () => {
    if (list) return
    fetch(`${MOCK_API}/operations`)
      .then((response) => (response.ok ? (response.json() as Promise<OperationList>) : undefined))
      .then((body) => setList(body ?? 'unreachable'))
      .catch(() => setList('unreachable'))
  }
  const chosen = mockPrefer.list()
  return (
    <details className="mt-3" onToggle={(event) => event.currentTarget.open && load()}>
      <summary className="min-h-6 cursor-pointer font-semibold">Answer one operation</summary>
      {list === 'unreachable' && <p>The mock did not list its operations.</p>}
      {typeof list === 'object' && (
        <ul className="mt-2 flex flex-col gap-2">
          {list.operations.map((op) => (
            <li key={op.id}>
              <p className="text-xs font-semibold">{op.id}</p>
              <div className="flex flex-wrap gap-1">
                {op.examples.map(({ name, status }) => {
                  const prefer = `code=${status}, example=${name}`
                  return (
                    <button
                      key={`${status} ${name}`}
                      type="button"
                      disabled={busy}
                      aria-pressed={chosen[op.id] === prefer}
                      className="min-h-6 cursor-pointer rounded border border-line px-1.5 text-xs aria-pressed:bg-accent aria-pressed:text-surface"
                      onClick={() => void apply(() => mockPrefer.set(op.id, prefer))}
                    >
                      {status} {name}
                    </button>
                  )
                })}
              </div>
            </li>
          ))}
        </ul>
      )}
    </details>
  )
}

export function mountMockPanel() {
  const host = document.createElement('div')
  host.dataset.mockPanel = ''
  document.body.append(host)
  createRoot(host).render(
    <StrictMode>
      <MockPanel />
    </StrictMode>,
  )
}
