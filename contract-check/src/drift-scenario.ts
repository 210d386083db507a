// The drift scenario: one step per operation of the contract, run in the order written, each
// making the same typed call the site makes (openapi-fetch over the generated `paths`, paths
// taken from generated/api/operations.ts, never hand-written). `satisfies Record<OperationId,
// Step>` and the typed calls make a new operation without a step, a removed or renamed
// operationId, a new required field or parameter, or a changed method a type error (a renamed
// path needs no edit). Ids that later calls need come from earlier answers; when the account has
// none (no open order, no promotion) the call is made with a probe id and must answer the
// documented 404, which checks the error path instead.
//
// `read` steps run by default: GETs and the POSTs that only ask (login, logout, username check,
// fingerprint, deposit check, promotion recheck). `write` steps create, cancel, claim, launch or
// change something and run only with --write; cancel steps only cancel what this run created.
import type { Client } from 'openapi-fetch'
import { operations, type OperationId } from '../../generated/api/operations'
import type { components, paths } from '../../generated/api/schema'

type Schemas = components['schemas']
export type Api = Client<paths>

/** Exit code 2: the run cannot go on (login failed, session not set). */
export class DriftAbort extends Error {}

export type State = {
  username: string
  password: string
  provider: Schemas['Provider']
  agency?: Schemas['Agency']
  bankAccountId?: string
  createdOrderId?: string
  openOrderId?: string
  anyOrderId?: string
  anyWithdrawId?: string
  quoteId?: string
  promotion?: Schemas['Promotion']
  currentUsageId?: string
  createdUsageId?: string
  gameCode?: string
}

export type StepContext = {
  api: Api
  state: State
  /** Attaches an explanation to the next call (shown in the reports). */
  note(text: string): void
  /** Whether a session cookie is held now. */
  hasSession(): boolean
  /** Name of the session cookie in the contract's security scheme (`sid`). */
  sessionCookie: string | undefined
}

export type StepKind = 'read' | 'write'
export type Step = {
  kind: StepKind
  run(ctx: StepContext): Promise<void>
}

/** An id no server has: the call must answer its documented 404. */
export const PROBE_ID = 'drift-probe-0000'

function idOrProbe(ctx: StepContext, id: string | undefined, what: string): string {
  if (id) return id
  ctx.note(`probe id: ${what}, expecting the documented 404`)
  return PROBE_ID
}

const visitorId = () => `drift-${Date.now().toString(36)}`

/**
 * One Idempotency-Key per call, as the site makes one per submit intent: the drift run never
 * retries, so every write is a new intent.
 */
const idempotency = () => ({ header: { 'Idempotency-Key': crypto.randomUUID() } })

function fingerprintPayload(id: string): Schemas['FingerprintPayload'] {
  return {
    screen: '393x852',
    version: '5.0.0',
    timezone: 'Asia/Vientiane',
    userAgent: 'agency-player-site contract drift check',
    plugins: null,
    webGL: {
      version: 'WebGL 1.0',
      vendor: 'drift',
      vendorUnmasked: 'drift',
      renderer: 'drift',
      rendererUnmasked: 'drift',
      shadingLanguageVersion: 'WebGL GLSL ES 1.0',
    },
    audio: 124.04,
    platform: 'Linux x86_64',
    fingerprint: id,
    memory: null,
    fonts: null,
    languages: 'lo',
    hardwareConcurrency: 2,
    vendor: '',
  }
}

async function login(ctx: StepContext) {
  const { state, api } = ctx
  let result
  try {
    result = await api.POST(operations.loginPlayer.path, {
      body: { username: state.username, password: state.password },
    })
  } catch (error) {
    throw new DriftAbort(`login failed: ${error instanceof Error ? error.message : String(error)}`)
  }
  const { response, error } = result
  if (!response.ok) {
    const code = (error as { code?: string } | undefined)?.code
    throw new DriftAbort(
      `login failed for user "${state.username}": ${response.status}${code ? ` ${code}` : ''} (set DRIFT_USERNAME and DRIFT_PASSWORD to a test account of the target)`,
    )
  }
  if (!ctx.hasSession()) {
    throw new DriftAbort(
      `login answered ${response.status} but set no ${ctx.sessionCookie ? `"${ctx.sessionCookie}" cookie` : 'session cookie'} (the contract's playerSession scheme)`,
    )
  }
}

/** The paths the site reads with no input at all (no parameters, no body). */
type PlainPath = {
  [K in OperationId]: (typeof operations)[K] extends { method: 'get'; path: infer P }
    ? P extends keyof paths
      ? paths[P]['get'] extends { parameters: { query?: never; path?: never } }
        ? P
        : never
      : never
    : never
}[OperationId]

/** The deposit order a read of one order asks for: the run's own, the open one, or any. */
const someDepositId = (ctx: StepContext) =>
  idOrProbe(
    ctx,
    ctx.state.createdOrderId ?? ctx.state.openOrderId ?? ctx.state.anyOrderId,
    'no deposit order',
  )

/** A history's first page, asked with the page only (as the site does); keeps its first row's id. */
function historyRead(
  path: typeof operations.listDeposits.path | typeof operations.listWithdraws.path,
  key: 'anyOrderId' | 'anyWithdrawId',
): Step {
  return {
    kind: 'read',
    async run({ api, state }) {
      const { data } = await api.GET(path, { params: { query: { page: 1 } } })
      state[key] = data?.items[0]?.id
    },
  }
}

/** A read step that makes a GET with no input, as the site does. */
function plainRead(path: PlainPath): Step {
  return {
    kind: 'read',
    async run({ api }) {
      await api.GET(path)
    },
  }
}

export const scenario = {
  // Public calls, as the site makes them before anyone logs in.
  getAgencyInfo: {
    kind: 'read',
    async run({ api, state }) {
      const { data } = await api.GET(operations.getAgencyInfo.path)
      state.agency = data
    },
  },
  listBanks: plainRead(operations.listBanks.path),
  listCurrencyRates: plainRead(operations.listCurrencyRates.path),
  registerFingerprint: {
    kind: 'read', // the site sends it on every visit (at most once a day); it creates no account data
    async run({ api }) {
      await api.POST(operations.registerFingerprint.path, {
        body: { fingerprint: fingerprintPayload(visitorId()) },
      })
    },
  },
  validateUsername: {
    kind: 'read',
    async run({ api, state }) {
      await api.POST(operations.validateUsername.path, { body: { username: state.username } })
    },
  },
  registerPlayer: {
    kind: 'write', // creates a new player; runs before login so login's cookie replaces its session
    async run({ api }) {
      const id = visitorId()
      const username = `drift_${Date.now().toString(36)}`.slice(0, 20)
      const password = `Drift-${Math.random().toString(36).slice(2, 12)}`
      await api.POST(operations.registerPlayer.path, {
        params: { header: { 'X-Fingerprint': id } },
        body: { username, password, confirmPassword: password, fingerprint: id },
      })
    },
  },

  // The session: everything below runs as the test account.
  loginPlayer: { kind: 'read', run: login },
  getPlayerInfo: {
    kind: 'read',
    async run({ api, state }) {
      const { data } = await api.GET(operations.getPlayerInfo.path)
      state.bankAccountId ??= data?.bankAccounts[0]?.id
    },
  },
  getPlayerCredit: plainRead(operations.getPlayerCredit.path),
  getProviderCredit: {
    kind: 'read',
    async run({ api, state }) {
      await api.GET(operations.getProviderCredit.path, {
        params: { path: { provider: state.provider } },
      })
    },
  },
  listBankAccounts: {
    kind: 'read',
    async run({ api, state }) {
      const { data } = await api.GET(operations.listBankAccounts.path)
      state.bankAccountId = data?.bankAccounts[0]?.id ?? state.bankAccountId
    },
  },
  addBankAccount: {
    kind: 'write', // with an account already present the server answers 409 and adds nothing
    async run({ api, state }) {
      const { data } = await api.POST(operations.addBankAccount.path, {
        params: idempotency(),
        body: {
          bankCode: 'bcel',
          currency: 'LAK',
          accountNumber: '0100000000000001',
          accountName: 'DRIFT CHECK',
          owner: 'Drift Check',
        },
      })
      state.bankAccountId ??= data?.id
    },
  },

  listDeposits: historyRead(operations.listDeposits.path, 'anyOrderId'),
  listOpenDeposits: {
    kind: 'read',
    async run({ api, state }) {
      const { data } = await api.GET(operations.listOpenDeposits.path)
      state.openOrderId = data?.deposits[0]?.id
    },
  },
  createDeposit: {
    kind: 'write',
    async run(ctx) {
      const { api, state } = ctx
      const option = state.agency?.currencyOptions[0]
      const { data } = await api.POST(operations.createDeposit.path, {
        params: idempotency(),
        body: {
          provider: state.provider,
          bankAccountId: idOrProbe(ctx, state.bankAccountId, 'the account has no bank account'),
          amount: state.agency?.limits.deposit.min ?? '100000',
          mid: option?.mid ?? 'drift',
        },
      })
      state.createdOrderId = data?.id
    },
  },
  getDepositLaoQr: {
    kind: 'read',
    async run(ctx) {
      const { state } = ctx
      const orderId = idOrProbe(ctx, state.createdOrderId ?? state.openOrderId, 'no open order')
      await ctx.api.GET(operations.getDepositLaoQr.path, { params: { path: { orderId } } })
    },
  },
  getDeposit: {
    kind: 'read',
    async run(ctx) {
      const orderId = someDepositId(ctx)
      await ctx.api.GET(operations.getDeposit.path, { params: { path: { orderId } } })
    },
  },
  checkDeposit: {
    kind: 'read', // asks the payment side whether the QR was paid; changes nothing the player did
    async run(ctx) {
      const orderId = someDepositId(ctx)
      await ctx.api.POST(operations.checkDeposit.path, { params: { path: { orderId } } })
    },
  },
  cancelDeposit: {
    kind: 'write', // only the order this run created
    async run(ctx) {
      const orderId = idOrProbe(ctx, ctx.state.createdOrderId, 'this run created no order')
      await ctx.api.POST(operations.cancelDeposit.path, {
        params: { ...idempotency(), path: { orderId } },
      })
    },
  },

  listWithdraws: historyRead(operations.listWithdraws.path, 'anyWithdrawId'),
  getWithdraw: {
    kind: 'read',
    async run(ctx) {
      const orderId = idOrProbe(ctx, ctx.state.anyWithdrawId, 'no withdraw order')
      await ctx.api.GET(operations.getWithdraw.path, { params: { path: { orderId } } })
    },
  },
  listOpenWithdraws: plainRead(operations.listOpenWithdraws.path),
  quoteWithdraw: {
    kind: 'read', // computes the split of a withdrawal without making it
    async run({ api, state }) {
      const { data } = await api.GET(operations.quoteWithdraw.path, {
        params: {
          query: {
            provider: state.provider,
            credit: state.agency?.limits.withdraw.min ?? '100.00',
          },
        },
      })
      state.quoteId = data?.quoteId
    },
  },
  createWithdraw: {
    kind: 'write',
    async run(ctx) {
      const { api, state } = ctx
      await api.POST(operations.createWithdraw.path, {
        params: idempotency(),
        body: {
          provider: state.provider,
          bankAccountId: idOrProbe(ctx, state.bankAccountId, 'the account has no bank account'),
          credit: state.agency?.limits.withdraw.min ?? '100.00',
          quoteId: idOrProbe(ctx, state.quoteId, 'no withdraw quote'),
        },
      })
    },
  },

  listGames: {
    kind: 'read',
    async run({ api, state }) {
      const { data } = await api.GET(operations.listGames.path, {
        params: { query: { provider: state.provider } },
      })
      state.gameCode = data?.games[0]?.code
    },
  },
  listAlphabetGames: {
    kind: 'read',
    async run({ api }) {
      await api.GET(operations.listAlphabetGames.path, {
        params: { query: { category: 'slot', locale: 'lo' } },
      })
    },
  },
  openGame: {
    kind: 'write', // creates a launch session at the game provider
    async run({ api, state }) {
      await api.POST(operations.openGame.path, {
        params: idempotency(),
        body: state.gameCode
          ? { provider: state.provider, gameCode: state.gameCode }
          : { provider: state.provider },
      })
    },
  },

  listPromotions: {
    kind: 'read',
    async run({ api, state }) {
      const { data } = await api.GET(operations.listPromotions.path)
      state.promotion = data?.promotions.find((p) => p.active) ?? data?.promotions[0]
    },
  },
  getPromotion: {
    kind: 'read',
    async run(ctx) {
      const promotionId = idOrProbe(ctx, ctx.state.promotion?.id, 'the agency lists no promotion')
      await ctx.api.GET(operations.getPromotion.path, { params: { path: { promotionId } } })
    },
  },
  getPromotionBlocking: plainRead(operations.getPromotionBlocking.path),
  getCurrentPromotion: {
    kind: 'read',
    async run({ api, state }) {
      const { data } = await api.GET(operations.getCurrentPromotion.path)
      state.currentUsageId = data?.usage?.usageId
    },
  },
  listPromotionUsages: {
    kind: 'read',
    async run({ api }) {
      await api.GET(operations.listPromotionUsages.path, {
        params: { query: { page: 1 } },
      })
    },
  },
  usePromotion: {
    kind: 'write',
    async run(ctx) {
      const { api, state } = ctx
      const promotionId = idOrProbe(ctx, state.promotion?.id, 'the agency lists no promotion')
      const { data } = await api.POST(operations.usePromotion.path, {
        params: idempotency(),
        body: { promotionId, providerId: state.promotion?.providers[0] ?? state.provider },
      })
      state.createdUsageId = data?.usageId
    },
  },
  recheckPromotionUsage: {
    kind: 'read', // re-evaluates the usage in force, as the promotion page does
    async run({ api }) {
      await api.POST(operations.recheckPromotionUsage.path)
    },
  },
  cancelPromotionUsage: {
    kind: 'write', // only the usage this run claimed
    async run(ctx) {
      const usageId = idOrProbe(ctx, ctx.state.createdUsageId, 'this run claimed no promotion')
      await ctx.api.POST(operations.cancelPromotionUsage.path, {
        params: idempotency(),
        body: { usageId },
      })
    },
  },

  changePassword: {
    kind: 'write', // to the same password; the server ends the session, so log in again
    async run(ctx) {
      const { api, state } = ctx
      const { response } = await api.POST(operations.changePassword.path, {
        body: {
          currentPassword: state.password,
          newPassword: state.password,
          confirmNewPassword: state.password,
        },
      })
      if (response.ok || !ctx.hasSession()) await login(ctx)
    },
  },
  logoutPlayer: {
    kind: 'read',
    async run({ api }) {
      await api.POST(operations.logoutPlayer.path)
    },
  },
} satisfies Record<OperationId, Step>

export const scenarioOrder = Object.keys(scenario) as OperationId[]
