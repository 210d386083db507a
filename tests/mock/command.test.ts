// @vitest-environment node
// `npm run mock` as a developer runs it: the real command, its start-up scenario, the
// session bound, and a SIGTERM that leaves no Prism behind.
import { spawn, type ChildProcess } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { scenarios } from '../../mock/scenarios'
import { asServedNow, example, portOpen, SERVER_START_MS, SERVER_WAIT_MS } from './support'

const root = new URL('../../', import.meta.url)

function run(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'mock/server.ts', ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  return { child, output: () => output }
}

function waitFor<T>(what: () => T | undefined, timeoutMs: number, label: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const started = Date.now()
    const tick = () => {
      const found = what()
      if (found !== undefined) return resolve(found)
      if (Date.now() - started > timeoutMs) return reject(new Error(`timed out: ${label}`))
      setTimeout(tick, 50)
    }
    tick()
  })
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode)
    else child.once('exit', (code) => resolve(code))
  })

let mock: ReturnType<typeof run>
let url = ''
let prismPort = 0

beforeAll(async () => {
  mock = run(
    ['--scenario', 'new-player', '--port', '0', '--latency', 'getAgencyInfo=25', '--seed', '3'],
    { MOCK_MAX_SESSIONS: '2' },
  )
  const ready = await waitFor(
    () =>
      /mock: (http:\S+) \(Prism on http:\/\/127\.0\.0\.1:(\d+)\)/.exec(mock.output()) ?? undefined,
    SERVER_WAIT_MS,
    'the mock to start',
  )
  url = ready[1] ?? ''
  prismPort = Number(ready[2])
}, SERVER_START_MS)

afterAll(async () => {
  if (mock.child.exitCode === null) {
    mock.child.kill('SIGKILL')
    await exited(mock.child)
  }
})

async function login() {
  const response = await fetch(`${url}/v2/players/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'souksavanh88', password: 'correct-horse-8' }),
  })
  const cookie = response.headers.getSetCookie()[0] ?? ''
  return cookie.split(';')[0] ?? ''
}

const bankAccounts = async (cookie: string) =>
  (await fetch(`${url}/v2/players/bank-accounts`, { headers: { cookie } })).json()

describe('npm run mock', () => {
  it('answers the agency info, and --scenario is the default of requests that name none', async () => {
    expect((await fetch(`${url}/v2/agency/info`)).status).toBe(200)
    const cookie = await login()
    const answer = await fetch(`${url}/v2/players/info`, { headers: { cookie } })
    expect(answer.headers.get('x-mock-scenario')).toBe('new-player')
    expect(await answer.json()).toEqual(
      asServedNow(example('getPlayerInfo', 'newPlayer'), 'souksavanh88'),
    )
    const scenariosAnswer = (await (await fetch(`${url}/__mock/scenarios`)).json()) as {
      default: string
    }
    expect(scenariosAnswer.default).toBe('new-player')
  })

  it('keeps the state of MOCK_MAX_SESSIONS sessions, dropping the least recently used', async () => {
    const [a, b, c] = [await login(), await login(), await login()]
    for (const cookie of [a, b, c]) {
      const added = await fetch(`${url}/v2/players/bank-accounts`, {
        method: 'POST',
        headers: {
          cookie,
          'content-type': 'application/json',
          'idempotency-key': crypto.randomUUID(),
        },
        body: JSON.stringify({
          bankCode: 'jdb',
          currency: 'LAK',
          accountNumber: '200012345678',
          accountName: 'KEO VONGSA',
          owner: 'Keo Vongsa',
        }),
      })
      expect(added.status).toBe(201)
    }
    // a was the least recently used when c arrived: back to the scenario's start.
    expect(await bankAccounts(a)).toEqual(example('listBankAccounts', 'empty'))
    expect(await bankAccounts(c)).toEqual(asServedNow(example('listBankAccounts', 'keo')))
    expect(await bankAccounts(b)).toEqual(asServedNow(example('listBankAccounts', 'keo')))
  })

  it('--latency per operation delays that operation only; a bad value stops at once', async () => {
    const agency = await fetch(`${url}/v2/agency/info`)
    expect(agency.headers.get('x-mock-delay')).toBe('25')
    const cookie = await login()
    const other = await fetch(`${url}/v2/players/info`, { headers: { cookie } })
    expect(other.headers.get('x-mock-delay')).toBeNull()
    const bad = run(['--latency', 'soon', '--port', '0'])
    expect(await exited(bad.child)).toBe(1)
    expect(bad.output()).toContain('latency "soon" is not N or MIN-MAX')
  })

  it('an unknown --scenario stops at once with the known names', async () => {
    const bad = run(['--scenario', 'no-such-world', '--port', '0'])
    expect(await exited(bad.child)).toBe(1)
    expect(bad.output()).toContain('unknown scenario "no-such-world"')
    expect(bad.output()).toContain(Object.keys(scenarios).join(', '))
  })

  it(
    'Prism does not outlive a layer killed outright (SIGKILL)',
    async () => {
      const killed = run(['--port', '0'])
      const port = await waitFor(
        () => /Prism on http:\/\/127\.0\.0\.1:(\d+)/.exec(killed.output())?.[1],
        SERVER_WAIT_MS,
        'the second mock to start',
      )
      expect(await portOpen(Number(port))).toBe(true)
      killed.child.kill('SIGKILL')
      await exited(killed.child)
      let open = true
      for (let i = 0; i < 40 && open; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100))
        open = await portOpen(Number(port))
      }
      expect(open).toBe(false)
    },
    SERVER_START_MS,
  )

  it('SIGTERM stops the layer and Prism', async () => {
    expect(await portOpen(prismPort)).toBe(true)
    mock.child.kill('SIGTERM')
    expect(await exited(mock.child)).toBe(143)
    expect(await portOpen(prismPort)).toBe(false)
  })
})
