// Every input of every form against the same hostile values. For each (field, value) the
// player either sees a message at that field and nothing is sent, or the request is sent and
// its body is what the contract accepts. What happened is written to one table per form
// (tests/hostile-input/<form>.md, a file snapshot): the table documents what each field
// accepts, and a change of behaviour shows up in it as a diff to review.
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { m } from '~generated/paraglide/messages'
import {
  zAddBankAccountBody,
  zChangePasswordBody,
  zCreateDepositBody,
  zLoginPlayerBody,
  zRegisterPlayerBody,
} from '~generated/zod/zod.gen'
import type * as FingerprintModule from '~/features/account/fingerprint'
import { ChangePasswordDialog } from '~/features/account/change-password-dialog'
import { LoginPage } from '~/features/account/login-form'
import { RegisterPage } from '~/features/account/register-form'
import { BankPage } from '~/features/bank/bank-page'
import { DepositForm } from '~/features/deposit/deposit-form'
import { agencyInfoQueryOptions } from '~/lib/api/agency'
import { toastQueue } from '~/ui/toast'
import { example, http, mockApi, type ApiRecord } from '../helpers/api'
import { createTestQueryClient, renderWithProviders } from '../helpers/render'
import { account, agency, banks, creditOf, rates } from '../features/deposit/fixtures'

vi.mock('~/features/account/fingerprint', async (importOriginal) => ({
  ...(await importOriginal<typeof FingerprintModule>()),
  getVisitorId: () => Promise.resolve('3f9c1b7e2a6d4c58b0e1f2a3d4c5b6a7'),
}))

// Dozens of renders per form on a shared 2-core machine.
vi.setConfig({ testTimeout: 120_000 })
afterEach(() => toastQueue.clear())

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
  const posts = () => api.to(form.path).filter((r) => r.method === 'POST')
  const before = posts().length
  await view.user.click(form.submit())
  const target = fields[field]!
  await waitFor(() => {
    if (posts().length === before && target.getAttribute('aria-invalid') !== 'true') {
      throw new Error('no outcome yet')
    }
  })
  const sent = posts().slice(before)
  const label = `${form.name} ${field} ${short(value)}`
  if (sent.length) {
    const body = (await sent[0]!.clone().json()) as Record<string, unknown>
    expect.soft(form.body.safeParse(body).success, `${label}: body fits the contract`).toBe(true)
    expect.soft(sent, `${label}: sent once`).toHaveLength(1)
    return `sent ${short(String(body[field]))}`
  }
  const message = describedBy(target)
  expect.soft(message, `${label}: a message at the field`).not.toBe('')
  return `message: ${message}`
}

async function table(form: Form) {
  const rows = [
    `# ${form.name}: what each field accepts`,
    '',
    `Written by hostile-input.test.tsx (a file snapshot: review its diff). "sent" = the field's value in the ${form.path} body, which the test checks against the contract; "message" = what the player sees at the field, and nothing was sent. Language: lo.`,
    '',
  ]
  for (const field of Object.keys(form.valid)) {
    if (form.same && field in form.same) continue
    rows.push(
      `## ${field} (valid: ${short(form.valid[field]!)})`,
      '',
      '| input | value | outcome |',
      '| --- | --- | --- |',
    )
    // One form per field: the server refuses every send, so the form stays for the next value.
    const rendered = await form.render()
    for (const [name, template] of HOSTILE) {
      const value = template.replaceAll('{valid}', form.valid[field]!)
      rows.push(`| ${name} | ${short(value)} | ${await runCase(form, rendered, field, value)} |`)
    }
    cleanup()
    rows.push('')
  }
  return rows.join('\n')
}

const byLabel = (label: string, root: HTMLElement = document.body) =>
  within(root).getByLabelText(label, { selector: 'input' })

const renderForm = async (
  ui: ReactNode,
  handlers: Parameters<typeof mockApi>,
  fields: () => Record<string, HTMLElement>,
  queryClient = createTestQueryClient(),
) => {
  const api = mockApi(...handlers)
  const view = await renderWithProviders(ui, { queryClient })
  return { view, api, fields: fields() }
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
        () => {
          const dialog = screen.getByRole('dialog')
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
        () => ({ amount: screen.getByRole('textbox', { name: m.deposit_field_amount() }) }),
      ),
    prepare: async (view) => view.user.click(screen.getByRole('radio', { name: /AskMeBet/ })),
    submit: () => screen.getByRole('button', { name: m.deposit_submit() }),
  },
]

describe('hostile input', () => {
  it.each(FORMS.map((form) => [form.name, form] as const))(
    '%s: every field, every hostile value',
    async (name, form) => {
      await expect(await table(form)).toMatchFileSnapshot(`./${name}.md`)
    },
  )
})
