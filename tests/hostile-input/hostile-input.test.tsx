// Every input of every form against the same hostile values. For each (field, value) the
// player either sees a message at that field and nothing is sent, or the request is sent and
// its body is what the contract accepts. What happened is written to one table per form
// (tests/hostile-input/<form>.md, a file snapshot): the table documents what each field
// accepts, and a change of behaviour shows up in it as a diff to review.
import { act, cleanup, screen, waitFor, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { m } from '~generated/paraglide/messages'
import {
  zAddBankAccountBody,
  zChangePasswordBody,
  zCreateDepositBody,
  zCreateWithdrawBody,
  zLoginPlayerBody,
  zRegisterPlayerBody,
} from '~generated/zod/zod.gen'
import type * as FingerprintModule from '~/features/account/fingerprint'
import { ChangePasswordDialog } from '~/features/account/change-password-dialog'
import { LoginPage } from '~/features/account/login-form'
import { RegisterPage } from '~/features/account/register-form'
import { USERNAME_CHECK_DEBOUNCE_MS } from '~/features/account/username-availability'
import { BankPage } from '~/features/bank/bank-page'
import { DepositForm } from '~/features/deposit/deposit-form'
import { ProviderGamesPage } from '~/features/games/provider-games-page'
import { ClaimForm } from '~/features/promotions/claim-promotion'
import { WithdrawForm } from '~/features/withdraw/withdraw-form'
import { QUOTE_DEBOUNCE_MS } from '~/features/withdraw/withdraw-quote'
import { agencyInfoQueryOptions } from '~/lib/api/agency'
import { toastQueue } from '~/ui/toast'
import { example, http, mockApi, type ApiRecord } from '../helpers/api'
import { createTestQueryClient, renderWithProviders } from '../helpers/render'
import { account, agency, banks, creditOf, rates } from '../features/deposit/fixtures'

vi.mock('~/features/account/fingerprint', async (importOriginal) => ({
  ...(await importOriginal<typeof FingerprintModule>()),
  getVisitorId: () => Promise.resolve('3f9c1b7e2a6d4c58b0e1f2a3d4c5b6a7'),
}))

afterEach(() => {
  toastQueue.clear()
  vi.useRealTimers()
})

/** The hostile values; `{valid}` stands for a value the field accepts. */
const HOSTILE: [name: string, value: string][] = [
  ['empty', ''],
  ['whitespace only', '   '],
  ['leading/trailing spaces', '  {valid}  '],
  ['10,000 characters', 'a'.repeat(10_000)],
  ['emoji + ZWJ', '👩‍👩‍👧‍👦🏳️‍🌈'],
  ['right-to-left', 'مرحبا שלום'],
  ['<script>', '<script>alert(1)</script>'],
  ['SQL quote', "x' OR '1'='1"],
  ['full-width digits', '１２３４５６７８'],
  ['Lao digits', '໑໒໓໔໕໖໗໘'],
  ['Thai digits', '๑๒๓๔๕๖๗๘'],
  ['negative', '-{valid}'],
  ['zero', '0'],
  ['1e6', '1e6'],
  ['0x10', '0x10'],
  ['Infinity', 'Infinity'],
  ['more decimals', '{valid}.125'],
  // lo and vn write the decimal comma: `150.125` reads there as 150,125.
  ['more decimals, decimal comma', '{valid},125'],
  ['thousands lo/vn 1.000.000', '1.000.000'],
  ['thousands th/cn 1,000,000', '1,000,000'],
  ['decimal comma 1.000,50', '1.000,50'],
  ['pasted with trailing newline', '{valid}\n'],
]

type View = { user: Awaited<ReturnType<typeof renderWithProviders>>['user'] }

type Form = {
  name: string
  /** The request that carries the form, and the contract's schema of its body. */
  path: string
  body: { safeParse: (value: unknown) => { success: boolean } }
  /** Renders the form; the API answers its send with a refusal so the form stays. */
  render: () => Promise<{ view: View; api: ApiRecord; fields: Record<string, HTMLElement> }>
  /** A value each field accepts; a field named in `same` always gets the tested one's value. */
  valid: Record<string, string>
  same?: Record<string, string>
  /** What must be chosen before sending (a bank, a provider). */
  prepare?: (view: View) => Promise<void>
  submit: () => HTMLElement
  /**
   * A request the field makes while the player types (withdraw's quote, after a debounce):
   * its path and the query parameter recorded in the table, and how to let the debounce run
   * out (the form runs on fake timers).
   */
  asks?: { path: string; param: string; settle: () => Promise<void> }
  /**
   * A check the submit waits for (the username's, after its pause in typing, real timers):
   * waited for before the outcome is looked for, so the outcome's wait is the form's own.
   */
  checkPause?: number
}

function describedBy(element: HTMLElement) {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .map((id) => (id ? document.getElementById(id)?.textContent?.trim() : ''))
    .filter(Boolean)
    .join(' ')
}

const short = (value: string) => {
  const text = JSON.stringify(value.length > 24 ? `${value.slice(0, 12)}…(${value.length})` : value)
  return text.replaceAll('|', '\\|')
}

type Rendered = Awaited<ReturnType<Form['render']>>

/** Fills the form with `value` in `field` (valid values elsewhere), sends it, reads what happened. */
async function runCase(form: Form, rendered: Rendered, field: string, value: string) {
  const { view, api, fields } = rendered
  const asked = () => (form.asks ? api.to(form.asks.path) : [])
  const askedBefore = asked().length
  for (const [name, element] of Object.entries(fields)) {
    const tested = name === field || form.same?.[name] === field
    const input = tested ? value : form.valid[name]!
    await view.user.clear(element)
    if (input) {
      element.focus()
      await view.user.paste(input)
    }
  }
  await form.prepare?.(view)
  await form.asks?.settle()
  const posts = () => api.to(form.path).filter((r) => r.method === 'POST')
  const before = posts().length
  await view.user.click(form.submit())
  await form.asks?.settle()
  if (form.checkPause)
    await act(() => new Promise((resolve) => setTimeout(resolve, form.checkPause)))
  const target = fields[field]!
  await waitFor(() => {
    if (posts().length === before && target.getAttribute('aria-invalid') !== 'true') {
      throw new Error('no outcome yet')
    }
  })
  const sent = posts().slice(before)
  const label = `${form.name} ${field} ${short(value)}`
  // What the field asked while it was typed and sent: each distinct value, in order.
  const asks = form.asks
    ? [
        ...new Set(
          asked()
            .slice(askedBefore)
            .map((r) => new URL(r.url).searchParams.get(form.asks!.param)),
        ),
      ]
    : []
  const askedText = asks.length
    ? `${form.asks!.param} ${asks.map((a) => short(String(a))).join(', ')} asked; `
    : ''
  if (sent.length) {
    const body = (await sent[0]!.clone().json()) as Record<string, unknown>
    expect.soft(form.body.safeParse(body).success, `${label}: body fits the contract`).toBe(true)
    expect.soft(sent, `${label}: sent once`).toHaveLength(1)
    if (form.asks) {
      expect.soft(asks, `${label}: the quote asked is the one sent`).toContain(body[field])
    }
    return `${askedText}sent ${short(String(body[field]))}`
  }
  const message = describedBy(target)
  expect.soft(message, `${label}: a message at the field`).not.toBe('')
  return `${askedText}message: ${message}`
}

/** The table's head: what the file is and how to read it. */
function tableHead(form: Form) {
  return [
    `# ${form.name}: what each field accepts`,
    '',
    `Written by hostile-input.test.tsx (a file snapshot: review its diff). "sent" = the field's value in the ${form.path} body, which the test checks against the contract; "message" = what the player sees at the field, and nothing was sent. Language: lo.`,
    ...(form.asks
      ? [
          '',
          `"${form.asks.param} … asked" = the distinct \`${form.asks.param}\` values of the ${form.asks.path} requests the field made while it was typed and sent (after its debounce); none listed = none made.`,
        ]
      : []),
    '',
  ]
}

/** The fields a form's table has a section for (a field that repeats another has none). */
const fieldsOf = (form: Form) =>
  Object.keys(form.valid).filter((field) => !(form.same && field in form.same))

/**
 * The hostile values in runs of a few: each run is a test of its own, on a form of its own
 * (the server refuses every send, so the form stays for the next value), so that no test holds
 * dozens of renders.
 */
const RUN = 3
/**
 * A run's time limit. A run takes up to 1.6 s with this file alone, but 3.3-4.6 s in `npm
 * test` on a busy 2-core machine (the unit step beside the contract check), and one took 5.4 s:
 * Vitest's default 5 s was no margin.
 */
const RUN_TIMEOUT_MS = 15_000
const RUNS = Array.from({ length: Math.ceil(HOSTILE.length / RUN) }, (_, i) =>
  HOSTILE.slice(i * RUN, (i + 1) * RUN),
)

/** The table's rows of one field for one run of values. */
async function tableRows(form: Form, field: string, values: typeof HOSTILE) {
  const rendered = await form.render()
  const rows: string[] = []
  for (const [name, template] of values) {
    const value = template.replaceAll('{valid}', form.valid[field]!)
    rows.push(`| ${name} | ${short(value)} | ${await runCase(form, rendered, field, value)} |`)
  }
  cleanup()
  return rows
}

/** The whole table from every field's rows, once each field has a row for every value. */
function table(form: Form, rows: Map<string, string[]>) {
  const lines = tableHead(form)
  for (const field of fieldsOf(form)) {
    const fieldRows = rows.get(field) ?? []
    expect(fieldRows, `${form.name} ${field}: a row for every hostile value`).toHaveLength(
      HOSTILE.length,
    )
    lines.push(
      `## ${field} (valid: ${short(form.valid[field]!)})`,
      '',
      '| input | value | outcome |',
      '| --- | --- | --- |',
      ...fieldRows,
      '',
    )
  }
  return lines.join('\n')
}

const byLabel = (label: string, root: HTMLElement = document.body) =>
  within(root).getByLabelText(label, { selector: 'input' })

const renderForm = async (
  ui: ReactNode,
  handlers: Parameters<typeof mockApi>,
  fields: () => Record<string, HTMLElement> | Promise<Record<string, HTMLElement>>,
  queryClient = createTestQueryClient(),
  advanceTimers?: (ms: number) => void,
) => {
  const api = mockApi(...handlers)
  const view = await renderWithProviders(ui, { queryClient, advanceTimers })
  return { view, api, fields: await fields() }
}

const FORMS: Form[] = [
  {
    name: 'login',
    path: '/v2/players/login',
    body: zLoginPlayerBody,
    valid: { username: 'souksavanh88', password: 'correct-horse-8' },
    render: () =>
      renderForm(
        <LoginPage onLoggedIn={() => undefined} />,
        [
          http.post('/v2/players/login', ({ response }) =>
            response(400).json(example('loginPlayer', 400, 'LOGIN_FAILED')),
          ),
        ],
        () => ({
          username: byLabel(m.account_username()),
          password: byLabel(m.account_password()),
        }),
      ),
    submit: () => screen.getByRole('button', { name: m.login_submit() }),
  },
  {
    name: 'register',
    path: '/v2/players/register',
    body: zRegisterPlayerBody,
    valid: { username: 'keo_vongsa', password: 'Vientiane2024', confirm: 'Vientiane2024' },
    same: { confirm: 'password' },
    render: () =>
      renderForm(
        <RegisterPage onRegistered={() => undefined} />,
        [
          http.post('/v2/players/username/validate', ({ response }) =>
            response(200).json(example('validateUsername', 200, 'available')),
          ),
          http.post('/v2/players/register', ({ response }) =>
            response(409).json(example('registerPlayer', 409, 'USERNAME_EXISTS')),
          ),
        ],
        () => ({
          username: byLabel(m.account_username()),
          password: byLabel(m.account_password()),
          confirm: byLabel(m.account_confirm_password()),
        }),
      ),
    submit: () => screen.getByRole('button', { name: m.register_submit() }),
    checkPause: USERNAME_CHECK_DEBOUNCE_MS,
  },
  {
    name: 'change-password',
    path: '/v2/players/security/password/change',
    body: zChangePasswordBody,
    valid: {
      currentPassword: 'correct-horse-8',
      newPassword: 'Vientiane2024',
      confirm: 'Vientiane2024',
    },
    same: { confirm: 'newPassword' },
    render: () => {
      const queryClient = createTestQueryClient()
      queryClient.setQueryData(agencyInfoQueryOptions().queryKey, example('getAgencyInfo', 200))
      return renderForm(
        <ChangePasswordDialog isOpen onOpenChange={() => undefined} reloadPage={() => undefined} />,
        [
          http.post('/v2/players/security/password/change', ({ response }) =>
            response(400).json(example('changePassword', 400, 'CURRENT_PASSWORD_INCORRECT')),
          ),
        ],
        async () => {
          // The dialog's code loads on first open (src/ui/dialog.tsx).
          const dialog = await screen.findByRole('dialog')
          return {
            currentPassword: byLabel(m.password_current_password(), dialog),
            newPassword: byLabel(m.password_new_password(), dialog),
            confirm: byLabel(m.password_confirm_new_password(), dialog),
          }
        },
        queryClient,
      )
    },
    submit: () =>
      within(screen.getByRole('dialog')).getByRole('button', { name: m.password_save() }),
  },
  {
    name: 'bank-account',
    path: '/v2/players/bank-accounts',
    body: zAddBankAccountBody,
    valid: { accountNumber: '0101234567', accountName: 'KEO VONGSA', owner: 'Keo Vongsa' },
    render: async () => {
      const api = mockApi(
        http.get('/v2/banks', ({ response }) => response(200).json(example('listBanks', 200))),
        http.get('/v2/players/bank-accounts', ({ response }) =>
          response(200).json(example('listBankAccounts', 200, 'empty')),
        ),
        http.post('/v2/players/bank-accounts', ({ response }) =>
          response(409).json(example('addBankAccount', 409)),
        ),
        http.get('/v2/players/info', ({ response }) =>
          response(200).json(example('getPlayerInfo', 200)),
        ),
      )
      const view = await renderWithProviders(<BankPage />)
      await screen.findByRole('heading', { name: m.bank_form_title() })
      const field = (name: string) => screen.getByRole('textbox', { name })
      return {
        view,
        api,
        fields: {
          accountNumber: field(m.bank_field_account_number()),
          accountName: field(m.bank_field_account_name()),
          owner: field(m.bank_field_owner()),
        },
      }
    },
    prepare: async (view) =>
      view.user.click(screen.getByRole('radio', { name: /Joint Development Bank/ })),
    submit: () => screen.getByRole('button', { name: m.bank_submit() }),
  },
  {
    name: 'deposit',
    path: '/v2/deposits',
    body: zCreateDepositBody,
    valid: { amount: agency.limits.deposit.min },
    render: () =>
      renderForm(
        <DepositForm
          agency={agency}
          account={account}
          bank={banks.find((b) => b.code === account.bankCode)}
          rates={rates}
          usage={null}
          onCreated={() => undefined}
        />,
        [
          http.get('/v2/players/credits/{provider}', ({ params, response }) =>
            response(200).json(creditOf(params.provider as 'askmebet')),
          ),
          http.post('/v2/deposits', ({ response }) =>
            response(409).json(example('createDeposit', 409, 'OPEN_ORDER')),
          ),
        ],
        () => ({
          amount: screen.getByRole('textbox', {
            name: m.deposit_field_amount({ currency: agency.limits.deposit.currency }),
          }),
        }),
      ),
    prepare: async (view) => view.user.click(screen.getByRole('radio', { name: /AskMeBet/ })),
    submit: () => screen.getByRole('button', { name: m.deposit_submit() }),
  },
  {
    name: 'withdraw',
    path: '/v2/withdraws',
    body: zCreateWithdrawBody,
    valid: { credit: '150' },
    render: async () => {
      // The credit's check asks for the quote after a pause in typing: fake timers make that
      // pause, so the table records every quote asked, not a race with the debounce.
      vi.useFakeTimers({ shouldAdvanceTime: true })
      const rendered = await renderForm(
        <WithdrawForm
          account={account}
          bank={banks.find((b) => b.code === account.bankCode)}
          limits={agency.limits}
          usage={null}
          onCreated={() => undefined}
        />,
        [
          http.get('/v2/players/credits/{provider}', ({ params, response }) =>
            response(200).json(creditOf(params.provider as 'gclub')),
          ),
          http.get('/v2/rates', ({ response }) =>
            response(200).json(example('listCurrencyRates', 200)),
          ),
          http.get('/v2/withdraws/quote', ({ response }) =>
            response(200).json(example('quoteWithdraw', 200, 'gclub')),
          ),
          http.post('/v2/withdraws', ({ response }) =>
            response(422).json(example('createWithdraw', 422, 'WITHDRAW_REJECTED')),
          ),
        ],
        () => ({
          credit: screen.getByRole('textbox', {
            name: m.withdraw_credit_label({ currency: agency.limits.withdraw.currency }),
          }),
        }),
        createTestQueryClient(),
        (ms) => vi.advanceTimersByTime(ms),
      )
      await screen.findByRole('radio', { name: /^GClub\b(?! Live)/ })
      return rendered
    },
    prepare: async (view) =>
      view.user.click(screen.getByRole('radio', { name: /^GClub\b(?! Live)/ })),
    submit: () => screen.getByRole('button', { name: m.withdraw_submit() }),
    asks: {
      path: '/v2/withdraws/quote',
      param: 'credit',
      settle: async () => {
        await act(() => vi.advanceTimersByTimeAsync(QUOTE_DEBOUNCE_MS + 10))
      },
    },
  },
]

/**
 * The game search filters the provider's list in the page and sends nothing: its table says
 * what the list shows for each value (the status line counts the games, the tiles name them).
 */
async function gameSearchTable() {
  const games = example('listGames', 200, 'askmebet')
  const api = mockApi(
    http.get('/v2/players/credits/{provider}', ({ response }) =>
      response(200).json(creditOf('askmebet')),
    ),
    http.get('/v2/games', ({ response }) => response(200).json(games)),
  )
  const { user } = await renderWithProviders(
    <ProviderGamesPage provider="askmebet" tab={undefined} onTabChange={() => undefined} />,
  )
  const search = screen.getByRole('searchbox', { name: m.game_search_label() })
  const status = () =>
    screen
      .getAllByRole('status')
      .find((el) => el.textContent?.trim())
      ?.textContent?.trim() ?? ''
  await waitFor(() => expect(screen.getAllByRole('listitem').length).toBeGreaterThan(0))
  const sentBefore = api.requests.length
  const valid = 'naga'
  const rows = [
    '# game-search: what the search accepts',
    '',
    `Written by hostile-input.test.tsx (a file snapshot: review its diff). The search filters the provider's games in the page (trimmed; case- and accent-insensitive "contains") and sends no request: the test checks that none was sent after the list loaded. "shows" = the status line and the games listed, or the empty state's text. Provider askmebet (the contract's example: ${games.games.map((g) => g.name).join(', ')}), first tab. Language: lo.`,
    '',
    `## search (valid: ${short(valid)})`,
    '',
    '| input | value | shows |',
    '| --- | --- | --- |',
  ]
  for (const [name, template] of HOSTILE) {
    const value = template.replaceAll('{valid}', valid)
    await user.clear(search)
    if (value) {
      search.focus()
      await user.paste(value)
    }
    // useDeferredValue: the list follows the field a render later.
    await waitFor(() => {
      const names = screen.queryAllByRole('listitem')
      const shown = status()
      if (!shown.includes(String(names.length)) && names.length) throw new Error('not yet')
    })
    const names = screen
      .queryAllByRole('listitem')
      .map((item) => within(item).getByRole('heading').textContent)
    // Nothing listed: the empty state beside the status line says why.
    const statusLine = screen.getByText(status())
    const empty = statusLine.nextElementSibling?.textContent ?? ''
    const shows = names.length
      ? `${status()}: ${names.join(', ')}`
      : `${status()}; ${empty.length > 80 ? `${empty.slice(0, 40)}…(${empty.length} characters)` : empty}`
    // What the field kept of the paste (its maxLength, a newline dropped), when not all of it.
    const kept = (search as HTMLInputElement).value
    const keptText = kept === value ? '' : ` (the field keeps ${short(kept)})`
    rows.push(`| ${name} | ${short(value)}${keptText} | ${shows.replaceAll('|', '\\|')} |`)
  }
  expect(api.requests.slice(sentBefore), 'the search sent nothing').toEqual([])
  return `${rows.join('\n')}\n`
}

/**
 * The claim form has nothing to type: the promotion's id comes from the page and the provider
 * from a choice. Its file says so, with the controls found, so an added field fails here.
 */
async function promotionClaimTable() {
  const promotion = example('listPromotions', 200, 'three').promotions.find(
    (p) => p.providers.length > 1,
  )!
  mockApi()
  await renderWithProviders(<ClaimForm promotion={promotion} onClaimed={() => undefined} />)
  const form = screen.getByRole('button', { name: m.promotion_claim() }).closest('form')!
  const typed = ['textbox', 'searchbox', 'spinbutton', 'combobox'].flatMap((role) =>
    within(form).queryAllByRole(role),
  )
  expect(typed, 'a field the player types in').toEqual([])
  // The accessible name of each control: a radio's is its card's label.
  const controls = (['radio', 'button'] as const).flatMap((role) =>
    within(form)
      .queryAllByRole(role)
      .map((control) => {
        const label = control.closest('label') ?? control
        return { role, name: label.textContent?.trim() ?? '' }
      }),
  )
  return [
    '# promotion-claim: what each field accepts',
    '',
    "Written by hostile-input.test.tsx (a file snapshot: review its diff). The claim form (POST /v2/promotions/use) has no field the player types in, so no hostile value can reach it: the body is the promotion's id, from the page, and the provider, chosen among the promotion's own. The test fails if a typed field (textbox, searchbox, spinbutton, combobox) appears. Language: lo.",
    '',
    '| control | name |',
    '| --- | --- |',
    ...controls.map(({ role, name }) => `| ${role} | ${name} |`),
    '',
  ].join('\n')
}

describe.each(FORMS.map((form) => [form.name, form] as const))(
  'hostile input: %s',
  (name, form) => {
    // Tests of one file run in order: the runs fill `rows`, the last test writes the table.
    const rows = new Map<string, string[]>()
    for (const field of fieldsOf(form)) {
      for (const values of RUNS) {
        it(
          `${field}: ${values[0]![0]} … ${values.at(-1)![0]}`,
          async () => {
            rows.set(field, [...(rows.get(field) ?? []), ...(await tableRows(form, field, values))])
          },
          RUN_TIMEOUT_MS,
        )
      }
    }
    it('every field, every hostile value: the table', async () => {
      await expect(table(form, rows)).toMatchFileSnapshot(`./${name}.md`)
    })
  },
)

describe('hostile input', () => {
  it('game-search: what the list shows for every hostile value, nothing sent', async () => {
    await expect(await gameSearchTable()).toMatchFileSnapshot('./game-search.md')
  })

  it('promotion-claim: no field to type in', async () => {
    await expect(await promotionClaimTable()).toMatchFileSnapshot('./promotion-claim.md')
  })
})
