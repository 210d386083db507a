import { describe, expect, it } from 'vitest'
import { formatMoney } from '~/domain/format'
import { GAME_CATEGORIES } from '~/lib/game-catalogue'
import lo from '../../messages/lo.json'
import { MESSAGES as DEPOSIT_MESSAGES } from '../../bench/floor/src/deposit-calls-page'
import { MESSAGES as FORM_STACK_MESSAGES } from '../../bench/floor/src/form-stack-login'
import { CATEGORY_MESSAGES, MESSAGES as GAME_MESSAGES } from '../../bench/floor/src/game-calls-page'
import { TEXT as LOGIN_TEXT } from '../../bench/floor/src/login-text'
import { fill, firstError, money } from '../../bench/floor/src/texts'

// The bench's experiment pages write what the site writes without loading the site's modules
// for it (bench/floor/src): these hold their copies to the site's.
describe("the bench's experiment pages write as the site does", () => {
  it("shows the site's Lao messages, word for word", () => {
    for (const copied of [
      DEPOSIT_MESSAGES,
      FORM_STACK_MESSAGES,
      GAME_MESSAGES,
      CATEGORY_MESSAGES,
    ]) {
      for (const [key, message] of Object.entries(copied)) {
        expect({ key, message }).toEqual({ key, message: lo[key as keyof typeof lo] })
      }
    }
    expect(LOGIN_TEXT).toEqual({
      title: lo.login_title,
      username: lo.account_username,
      password: lo.account_password,
      submit: lo.login_submit,
    })
  })

  it("orders a game page's category tabs as the site does", () => {
    expect(Object.keys(CATEGORY_MESSAGES)).toEqual(
      GAME_CATEGORIES.map((category) => `game_category_${category}`),
    )
  })

  it('writes money as the site writes it in Lao', () => {
    const amounts = [
      ['50000', 'LAK'],
      ['50000000', 'LAK'],
      ['0.00', 'THB'],
      ['412.50', 'THB'],
      ['1180.00', 'THB'],
      ['1234567.89', 'THB'],
    ] as const
    for (const [amount, currency] of amounts) {
      expect(money(amount, currency)).toBe(formatMoney(amount, currency, 'lo'))
    }
  })

  it("fills a message's placeholders and leaves an unknown one as it is", () => {
    expect(fill('ຕັ້ງແຕ່ {min} ຫາ {max}', { min: '₭1', max: '₭2' })).toBe('ຕັ້ງແຕ່ ₭1 ຫາ ₭2')
    expect(fill('{amount} {other}', { amount: 5 })).toBe('5 {other}')
  })

  it("reads a field's first error from a schema issue or a string", () => {
    expect(firstError([{ message: 'ກະລຸນາປ້ອນຈຳນວນເງິນ' }, 'later'])).toBe('ກະລຸນາປ້ອນຈຳນວນເງິນ')
    expect(firstError(['ບໍ່ຖືກ'])).toBe('ບໍ່ຖືກ')
    expect(firstError([])).toBeUndefined()
  })
})
