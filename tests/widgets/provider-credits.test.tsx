import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { components } from '~generated/api/schema'
import { providerCreditOptions, readCredit } from '~/widgets/provider-credits'
import { useProviderCredits } from '~/widgets/use-provider-credits'
import { invalidateCredit, LOADER_ANSWER_MS, prefetchProviderCredits } from '~/lib/api/credits'
import { PROVIDERS } from '~/lib/game-catalogue'
import { example, http, mockApi } from '../helpers/api'
import { createTestQueryClient } from '../helpers/render'
import { exampleOf } from '../contract/spec'

type ProviderCredit = components['schemas']['ProviderCredit']

describe('readCredit', () => {
  it("fills the contract's credit defaults and refuses an amount that is not a decimal", () => {
    expect(readCredit({ provider: 'gclub' } as ProviderCredit)).toEqual({
      amount: '0.00',
      currency: 'THB',
    })
    const gclub = exampleOf<ProviderCredit>('getProviderCredit', '200', 'gclub')
    expect(readCredit(gclub)).toEqual(gclub.credit)
    expect(() =>
      readCredit({ provider: 'gclub', credit: { amount: '1e3', currency: 'THB' } }),
    ).toThrow()
  })
})

describe('prefetchProviderCredits', () => {
  const credit = example('getProviderCredit', 200)
  const credits = () =>
    mockApi(
      http.get('/v2/players/credits/{provider}', ({ response }) => response(200).json(credit)),
    )
  const mount = (queryClient: QueryClient) =>
    renderHook(() => useProviderCredits(), {
      wrapper: ({ children }) => (
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      ),
    })

  it("asks every provider once; the page mounting after takes the loader's answers", async () => {
    const api = credits()
    const queryClient = createTestQueryClient()
    await prefetchProviderCredits(queryClient, { cause: 'enter' })
    expect(api.requests).toHaveLength(PROVIDERS.length)
    await waitFor(() => expect(queryClient.isFetching()).toBe(0))
    const { result } = mount(queryClient)
    expect(result.current.all.map((entry) => entry.credit)).toEqual(
      PROVIDERS.map(() => credit.credit),
    )
    await act(() => Promise.resolve())
    expect(api.requests).toHaveLength(PROVIDERS.length)
  })

  it('asks the named providers only, and nothing for a preload or a reload in place', async () => {
    const api = credits()
    const queryClient = createTestQueryClient()
    await prefetchProviderCredits(queryClient, { cause: 'preload' })
    await prefetchProviderCredits(queryClient, { cause: 'stay' })
    expect(api.requests).toHaveLength(0)
    await prefetchProviderCredits(queryClient, { cause: 'enter', providers: ['gclub'] })
    expect(api.to('/v2/players/credits/gclub')).toHaveLength(1)
    expect(api.requests).toHaveLength(1)
  })

  it("an invalidated, older or not a loader's answer is asked again on mount (stale time 0)", async () => {
    const api = credits()
    const queryClient = createTestQueryClient()
    await prefetchProviderCredits(queryClient, { cause: 'enter', providers: ['gclub'] })
    await waitFor(() => expect(queryClient.isFetching()).toBe(0))
    await invalidateCredit(queryClient)
    const first = mount(queryClient)
    await waitFor(() => expect(api.to('/v2/players/credits/gclub')).toHaveLength(2))
    first.unmount()

    // An answer no loader asked for (another page's query, a refresh) is asked again.
    await queryClient.fetchQuery(providerCreditOptions('gclub'))
    const second = mount(queryClient)
    await waitFor(() => expect(api.to('/v2/players/credits/gclub')).toHaveLength(4))
    second.unmount()

    await prefetchProviderCredits(queryClient, { cause: 'enter', providers: ['gclub'] })
    await waitFor(() => expect(queryClient.isFetching()).toBe(0))
    vi.useFakeTimers({ now: Date.now() + LOADER_ANSWER_MS, toFake: ['Date'] })
    try {
      mount(queryClient)
      await waitFor(() => expect(api.to('/v2/players/credits/gclub')).toHaveLength(6))
    } finally {
      vi.useRealTimers()
    }
  })
})
