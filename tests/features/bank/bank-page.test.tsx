import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { components } from '~generated/api/schema'
import { m } from '~generated/paraglide/messages'
import { BankPage } from '~/features/bank/bank-page'
import { accountNumberBounds } from '~/features/bank/bank-validation'
import { ApiError } from '~/lib/api/error'
import { errorMessage } from '~/domain/error-messages'
import { renderWithProviders } from '../../helpers/render'
import { example, http, mockApi } from '../../helpers/api'

type S = components['schemas']
const banks = example('listBanks', 200)
const empty = example('listBankAccounts', 200, 'empty')
const one = example('listBankAccounts', 200, 'one')
const request: S['BankAccountCreate'] = {
  bankCode: 'jdb',
  currency: 'LAK',
  accountNumber: '200012345678',
  accountName: 'KEO VONGSA',
  owner: 'Keo Vongsa',
}

type Add = Parameters<typeof http.post<'/v2/players/bank-accounts'>>[1]

async function setup(
  add: Add = ({ response }) => response(201).json(example('addBankAccount', 201)),
) {
  let accounts = empty
  const fetch = mockApi(
    http.get('/v2/banks', ({ response }) => response(200).json(banks)),
    http.get('/v2/players/bank-accounts', ({ response }) => response(200).json(accounts)),
    http.post('/v2/players/bank-accounts', async (info) => {
      const response = await add(info)
      if (response instanceof Response && response.ok)
        accounts = example('listBankAccounts', 200, 'keo')
      return response
    }),
    http.get('/v2/players/info', ({ response }) =>
      response(200).json(example('getPlayerInfo', 200)),
    ),
  )
  const view = await renderWithProviders(<BankPage />)
  await screen.findByRole('heading', { name: m.bank_form_title() })
  const field = (name: string) => screen.getByRole('textbox', { name })
  return {
    ...view,
    fetch,
    posts: () => fetch.to('/v2/players/bank-accounts').filter((r) => r.method === 'POST'),
    number: field(m.bank_field_account_number()),
    name: field(m.bank_field_account_name()),
    owner: field(m.bank_field_owner()),
    submit: screen.getByRole('button', { name: m.bank_submit() }),
  }
}

async function fillValid(view: Awaited<ReturnType<typeof setup>>) {
  await view.user.click(screen.getByRole('radio', { name: /Joint Development Bank/ }))
  await view.user.type(view.number, request.accountNumber)
  await view.user.type(view.name, request.accountName)
  await view.user.type(view.owner, request.owner)
}

const digits = () => m.bank_validation_account_number_digits(accountNumberBounds())

describe('BankPage', () => {
  it('shows the one account, masked, and no form', async () => {
    mockApi(
      http.get('/v2/banks', ({ response }) => response(200).json(banks)),
      http.get('/v2/players/bank-accounts', ({ response }) => response(200).json(one)),
    )
    await renderWithProviders(<BankPage />)
    expect(await screen.findByText(one.bankAccounts[0]!.accountNumberMasked)).toBeVisible()
    expect(screen.queryByRole('button', { name: m.bank_submit() })).toBeNull()
    expect(accountNumberBounds()).toEqual({ min: 8, max: 20 })
  })

  it.each([
    ['empty', '', m.bank_validation_account_number_required()],
    ['too short', '1234567', digits()],
    ['too long', '1'.repeat(21), digits()],
    ['not a number', 'abcdefghij', digits()],
    ['decimals', '12345678.5', digits()],
    ['negative', '-12345678', digits()],
    ['Lao digits', '໑໒໓໔໕໖໗໘', digits()],
    ['Thai digits', '๑๒๓๔๕๖๗๘', digits()],
    ['10,000 characters', '1'.repeat(10_000), digits()],
    ['markup', '<script>1</script>', digits()],
  ])('account number %s: message at the field, nothing sent', async (_, input, message) => {
    const view = await setup()
    await view.user.click(screen.getByRole('radio', { name: /Joint Development Bank/ }))
    if (input) {
      await view.user.click(view.number)
      await view.user.paste(input)
    }
    await view.user.click(view.submit)
    await waitFor(() =>
      expect(view.number).toHaveAccessibleDescription(expect.stringContaining(message)),
    )
    expect(view.posts()).toHaveLength(0)
  })

  it.each([
    ['empty', '', m.bank_validation_account_name_required(), m.bank_validation_owner_required()],
    ['markup', '<b>x</b>', m.bank_validation_markup(), m.bank_validation_markup()],
    [
      '10,000 characters',
      'a'.repeat(10_000),
      m.bank_validation_too_long({ max: 100 }),
      m.bank_validation_too_long({ max: 100 }),
    ],
  ])(
    'account name and owner %s: messages at the fields, nothing sent',
    async (_, input, nameMsg, ownerMsg) => {
      const view = await setup()
      if (input) {
        await view.user.click(view.name)
        await view.user.paste(input)
        await view.user.click(view.owner)
        await view.user.paste(input)
      }
      await view.user.click(view.submit)
      await waitFor(() =>
        expect(view.name).toHaveAccessibleDescription(expect.stringContaining(nameMsg)),
      )
      expect(view.owner).toHaveAccessibleDescription(expect.stringContaining(ownerMsg))
      expect(screen.getByText(m.bank_validation_bank_required())).toBeVisible()
      expect(view.posts()).toHaveLength(0)
    },
  )

  it('adds the account once with an Idempotency-Key, then shows it', async () => {
    const view = await setup()
    await fillValid(view)
    await view.user.dblClick(view.submit)
    expect(await screen.findByText('********5678')).toBeVisible()
    const posts = view.posts()
    expect(posts).toHaveLength(1)
    expect(posts[0]!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/)
    expect(await posts[0]!.json()).toEqual(request)
  })

  it.each([
    [403, 'ACCOUNT_IN_USED', 'number'],
    [403, 'BANK_ACCOUNT_TYPE_FORBIDDEN', 'number'],
    [422, 'ACCOUNT_NOT_FOUND', 'number'],
    [422, 'BANK_CURRENCY_NOT_SUPPORTED', 'currency'],
    [409, 'BANK_ACCOUNT_ALREADY_ADDED', 'form'],
    [409, 'BANK_ACCOUNT_LIMIT_REACHED', 'form'],
    [400, 'VALIDATION_FAILED', 'number'],
  ] as const)('%s %s is shown at the %s, input kept', async (status, name, where) => {
    const body = example('addBankAccount', status, name)
    const view = await setup(({ response }) => response(status).json(body))
    await fillValid(view)
    await view.user.click(view.submit)
    const message = errorMessage(new ApiError(status, body, '/v2/players/bank-accounts'))
    if (where === 'form') {
      expect(await screen.findByRole('alert')).toHaveTextContent(message)
    } else {
      const field =
        where === 'number'
          ? view.number
          : screen.getByRole('textbox', { name: m.bank_field_currency() })
      await waitFor(() =>
        expect(field).toHaveAccessibleDescription(expect.stringContaining(message)),
      )
    }
    if (name === 'ACCOUNT_IN_USED') {
      expect(view.number).toHaveAccessibleDescription(expect.stringContaining(body.requestId))
    }
    expect(view.number).toHaveValue(request.accountNumber)
    expect(view.owner).toHaveValue(request.owner)
  })
})
