// The map of which site screens call which operation: on a small made-up site whose answer is
// known exactly, and on the real src/ for the calls that must be found whatever its layout.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { operations } from '../../generated/api/operations'
import { directCalls, ROOT_SCREEN, scanSite, screenName } from '../src/site-usage'
import { SITE } from './support'

const dir = mkdtempSync(join(tmpdir(), 'site-usage-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function site(files: Record<string, string>) {
  const root = mkdtempSync(join(dir, 'site-'))
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, file)), { recursive: true })
    writeFileSync(join(root, file), text)
  }
  return join(root, 'src')
}

describe('site usage', () => {
  it('finds the client call forms the site uses', () => {
    const text = `
      $api.useMutation('post', '/v2/deposits')
      $api.queryOptions(
        'get',
        '/v2/deposits/{orderId}/laoqr', { params: { path: { orderId } } })
      await fetchClient.POST('/v2/fingerprint', { body })
      const p = operations.listBanks.path
      $api.queryOptions('get', '/v2/not-in-the-contract')`
    expect(directCalls(text, operations).sort()).toEqual([
      'createDeposit',
      'getDepositLaoQr',
      'listBanks',
      'registerFingerprint',
    ])
  })

  it('follows declarations and imports up to the routes, and no further', () => {
    const src = site({
      'src/features/wallet/wallet-queries.ts': `import { $api } from '~/lib/api-client'
export const openDepositsQueryOptions = () => $api.queryOptions('get', '/v2/deposits/open', {})
export const withdrawsQueryOptions = () => $api.queryOptions('get', '/v2/withdraws', {})
`,
      'src/features/wallet/deposit-page.tsx': `import { $api } from '~/lib/api-client'
import { openDepositsQueryOptions } from './wallet-queries'
function useCreate() {
  return $api.useMutation('post', '/v2/deposits')
}
export function DepositPage() {
  const create = useCreate()
  return useQuery(openDepositsQueryOptions())
}
`,
      'src/routes/player/deposit/index.tsx': `import { createFileRoute } from '@tanstack/react-router'
import { DepositPage } from '~/features/wallet/deposit-page'
export const Route = createFileRoute('/player/deposit/')({ component: DepositPage })
`,
      'src/routes/_public/login.tsx': `import { createFileRoute } from '@tanstack/react-router'
import * as api from '../../lib/api-client'
export const Route = createFileRoute('/_public/login')({ component: () => api.fetchClient.POST('/v2/players/login', {}) })
`,
      'src/features/promotion/slots.ts': `import { $api } from '~/lib/api-client'
export const historySlots = { usages: () => $api.queryOptions('get', '/v2/promotions/usages', {}) }
export const other = { x: api.historySlots }
`,
      'src/routes/player/promotion/history.tsx': `import { createFileRoute } from '@tanstack/react-router'
import { historySlots } from '~/features/promotion/slots'
export const Route = createFileRoute('/player/promotion/history')({ component: () => Page({ ...historySlots }) })
`,
      'src/routes/__root.tsx': `import { createRootRouteWithContext } from '@tanstack/react-router'
export const Route = createRootRouteWithContext()({ component: () => operations.getAgencyInfo })
`,
      'src/lib/api-client.ts': `export const fetchClient = createClient()
export const $api = createQueryClient(fetchClient)
`,
    })
    const usage = scanSite(src, operations)
    expect(usage.operations.createDeposit?.screens).toEqual(['/player/deposit'])
    expect(usage.operations.listOpenDeposits?.screens).toEqual(['/player/deposit'])
    // Declared next to a used query, but no screen uses it.
    expect(usage.operations.listWithdraws).toEqual({
      screens: [],
      files: ['src/features/wallet/wallet-queries.ts'],
    })
    expect(usage.operations.getAgencyInfo?.screens).toEqual([ROOT_SCREEN])
    expect(usage.operations.loginPlayer?.screens).toEqual(['/login'])
    // Handed on in a spread, as the root layout hands the header its slots.
    expect(usage.operations.listPromotionUsages?.screens).toEqual(['/player/promotion/history'])
  })

  it('names screens as a player sees them', () => {
    expect(screenName('/player/deposit/', 'src/routes/player/deposit/index.tsx')).toBe(
      '/player/deposit',
    )
    expect(screenName('/_public/login', 'src/routes/_public/login.tsx')).toBe('/login')
    expect(screenName('/player', 'src/routes/player/route.tsx')).toBe('/player/* (layout)')
  })

  it('maps the real site: login from the login screen, the session on every page', () => {
    const usage = scanSite(join(SITE, 'src'), operations)
    expect(usage.operations.loginPlayer?.screens).toContain('/login')
    expect(usage.operations.getPlayerInfo?.screens).toContain(ROOT_SCREEN)
    // The header's account menu (logout) reaches every page through the layout's slots spread.
    expect(usage.operations.logoutPlayer?.screens).toContain(ROOT_SCREEN)
    // Every operation named in the map exists in the contract's operations map.
    for (const id of Object.keys(usage.operations)) expect(operations).toHaveProperty(id)
  })
})
