// The browser's channel to the mock: scenario and Prefer choices from the URL and storage,
// sent by the real generated client's middleware; and the dev-only panel that switches them.
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse } from 'msw'
import createFetchClient from 'openapi-fetch'
import { describe, expect, it, vi } from 'vitest'
import type { paths } from '~generated/api/schema'
import { MockPanel } from '~/dev/mock-panel'
import {
  forgetUrlChoices,
  importFromUrl,
  MOCK_PANEL_KEY,
  MOCK_PREFER_KEY,
  MOCK_SCENARIO_KEY,
  mockChaos,
  mockScenario,
  panelWanted,
  preferMiddleware,
} from '~/dev/mock-prefer'
import { http, mockApi } from '../helpers/api'

/** The mock's own control calls (`/api/__mock/...`): Prism's, not the contract's. */
const mockControl = (path: string) => new URL(`/api/__mock${path}`, window.location.origin).href

/** A client like the app's, whose fetch records the requests it is given. */
function recordingClient() {
  const sent: Request[] = []
  const client = createFetchClient<paths>({
    baseUrl: 'http://localhost/api',
    fetch: async (request) => {
      sent.push(request)
      return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } })
    },
  })
  client.use(preferMiddleware)
  return { client, sent }
}

describe('mock choices from the browser', () => {
  it('?scenario= and ?mock= in the page URL are stored', () => {
    importFromUrl('?scenario=new-player&mock=getAgencyInfo:code=404')
    expect(localStorage.getItem(MOCK_SCENARIO_KEY)).toBe('new-player')
    expect(JSON.parse(localStorage.getItem(MOCK_PREFER_KEY) ?? '{}')).toEqual({
      getAgencyInfo: 'code=404',
    })
  })

  it('?mock= keeps a choice of several parts and says what it ignores', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const ignored = importFromUrl(
      '?mock=createDeposit:code=409,example=OPEN_ORDER,noSuchOperation:code=500,getAgencyInfo:code=404',
    )
    expect(JSON.parse(localStorage.getItem(MOCK_PREFER_KEY) ?? '{}')).toEqual({
      createDeposit: 'code=409, example=OPEN_ORDER',
      getAgencyInfo: 'code=404',
    })
    expect(ignored).toEqual(['noSuchOperation:code=500 (no operation "noSuchOperation")'])
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('noSuchOperation'))
    expect(importFromUrl('?mock=example=taken')).toEqual(['example=taken (no operation before it)'])
  })

  it('the URL choices apply once: they leave the address bar, other parameters stay', () => {
    const before = window.location.href
    window.history.replaceState(
      null,
      '',
      '/player/deposit?mock=getAgencyInfo:code=404&tab=Slot&scenario=open-order',
    )
    importFromUrl()
    forgetUrlChoices()
    expect(window.location.pathname + window.location.search).toBe('/player/deposit?tab=Slot')
    expect(mockScenario.get()).toBe('open-order')
    window.history.replaceState(null, '', before)
  })

  it('latency and failure rate ride on every call as X-Mock-* headers', async () => {
    mockChaos.set({ latency: '300-1200', failRate: '0.1' })
    const { client, sent } = recordingClient()
    await client.GET('/v2/agency/info')
    expect(sent[0]?.headers.get('X-Mock-Latency')).toBe('300-1200')
    expect(sent[0]?.headers.get('X-Mock-Fail-Rate')).toBe('0.1')
    mockChaos.set({ latency: '', failRate: '' })
    await client.GET('/v2/agency/info')
    expect(sent[1]?.headers.has('X-Mock-Latency')).toBe(false)
  })

  it('every API call carries the stored scenario; Prefer only on its operation', async () => {
    mockScenario.set('open-order')
    localStorage.setItem(MOCK_PREFER_KEY, JSON.stringify({ getAgencyInfo: 'code=404' }))
    const { client, sent } = recordingClient()
    await client.GET('/v2/agency/info')
    await client.GET('/v2/players/bank-accounts')
    expect(sent.map((r) => r.headers.get('X-Mock-Scenario'))).toEqual(['open-order', 'open-order'])
    expect(sent.map((r) => r.headers.get('Prefer'))).toEqual(['code=404', null])
  })

  it('without a stored scenario no header is sent (the mock uses its start-up scenario)', async () => {
    const { client, sent } = recordingClient()
    await client.GET('/v2/agency/info')
    expect(sent[0]?.headers.has('X-Mock-Scenario')).toBe(false)
  })

  it('the panel stays out of automated browsers unless asked', () => {
    expect(panelWanted()).toBe(!navigator.webdriver)
    localStorage.setItem(MOCK_PANEL_KEY, 'hide')
    expect(panelWanted()).toBe(false)
    localStorage.setItem(MOCK_PANEL_KEY, 'show')
    expect(panelWanted()).toBe(true)
  })
})

describe('MockPanel', () => {
  const list = {
    default: 'default',
    scenarios: [
      { name: 'default', description: 'The default world of the contract examples.' },
      { name: 'new-player', description: 'A player who just registered, no bank account.' },
    ],
  }

  const operationList = {
    operations: [
      {
        id: 'createDeposit',
        examples: [
          { name: 'open', status: 201 },
          { name: 'OPEN_ORDER', status: 409 },
        ],
      },
    ],
  }

  function stubMock() {
    const api = mockApi(
      http.untyped.get(mockControl('/scenarios'), () => HttpResponse.json(list)),
      http.untyped.get(mockControl('/operations'), () => HttpResponse.json(operationList)),
      http.untyped.all(mockControl('/*'), () => new HttpResponse(null, { status: 204 })),
    )
    return {
      get calls() {
        return api.requests.map((r) => `${r.method} ${new URL(r.url).pathname}`)
      },
    }
  }

  it('lists the mock’s scenarios; choosing one stores it, resets the session and reloads', async () => {
    const mock = stubMock()
    const reload = vi.fn()
    const user = userEvent.setup()
    render(<MockPanel reload={reload} />)
    await user.click(await screen.findByRole('button', { name: 'mock: default' }))
    const radio = screen.getByRole('radio', { name: 'new-player' })
    expect(radio).toHaveAccessibleDescription(list.scenarios[1]?.description ?? '')
    expect(screen.getByRole('radio', { name: 'default' })).toBeChecked()
    await user.click(radio)
    await waitFor(() => expect(reload).toHaveBeenCalledOnce())
    expect(mockScenario.get()).toBe('new-player')
    expect(mock.calls).toContain('POST /api/__mock/reset')
  })

  it('answers one operation with a named example chosen from the mock’s list', async () => {
    stubMock()
    const reload = vi.fn()
    const user = userEvent.setup()
    render(<MockPanel reload={reload} />)
    await user.click(await screen.findByRole('button', { name: 'mock: default' }))
    await user.click(screen.getByText('Answer one operation'))
    await user.click(await screen.findByRole('button', { name: '409 OPEN_ORDER' }))
    await waitFor(() => expect(reload).toHaveBeenCalledOnce())
    expect(JSON.parse(localStorage.getItem(MOCK_PREFER_KEY) ?? '{}')).toEqual({
      createDeposit: 'code=409, example=OPEN_ORDER',
    })
  })

  it('sets this browser’s latency and failure rate', async () => {
    stubMock()
    const reload = vi.fn()
    const user = userEvent.setup()
    render(<MockPanel reload={reload} />)
    await user.click(await screen.findByRole('button', { name: 'mock: default' }))
    await user.type(screen.getByRole('textbox', { name: 'Latency (ms)' }), '2000')
    await user.type(screen.getByRole('textbox', { name: 'Fail rate' }), '0.2')
    await user.click(screen.getByRole('button', { name: 'Apply' }))
    await waitFor(() => expect(reload).toHaveBeenCalledOnce())
    expect(mockChaos.get()).toEqual({ latency: '2000', failRate: '0.2' })
  })

  it('forgets a stored scenario the running mock does not know', async () => {
    const mock = stubMock()
    mockScenario.set('gone-since-restart')
    const reload = vi.fn()
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    render(<MockPanel reload={reload} />)
    await waitFor(() => expect(reload).toHaveBeenCalledOnce())
    expect(mockScenario.get()).toBeUndefined()
    // Without the stored choice the panel asks for the list again (for the mock's default):
    // waited for here, so that request belongs to this test, not to whatever runs next.
    await waitFor(() =>
      expect(mock.calls.filter((call) => call === 'GET /api/__mock/scenarios')).toHaveLength(2),
    )
  })

  it('renders nothing when /api is not the mock', async () => {
    mockApi(
      http.untyped.all(mockControl('/*'), () => new HttpResponse('not found', { status: 404 })),
    )
    const { container } = render(<MockPanel />)
    await waitFor(() => expect(container).toBeEmptyDOMElement())
  })
})
