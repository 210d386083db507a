import { RuleTester } from 'eslint'
import { describe, it } from 'vitest'
import { housePlugin } from '../../scripts/eslint-messages-in-render.mjs'

// RuleTester reports through the test framework's describe/it.
RuleTester.describe = describe
RuleTester.it = it

const tester = new RuleTester({
  languageOptions: {
    ecmaVersion: 2023,
    sourceType: 'module',
    parserOptions: { ecmaFeatures: { jsx: true } },
  },
})

tester.run('house/messages-in-render', housePlugin.rules['messages-in-render'], {
  valid: [
    'function Link() { return m.withdraw_history_link() }',
    'const Calculating = () => <p>{m.withdraw_quote_calculating()}</p>',
    'const labels = () => ({ owner: m.bank_field_owner() })',
    // A reference to the function (called later, in render) is not a call.
    'const TITLES = { deposit: m.page_title_deposit }',
    'const text = other.title()',
  ],
  invalid: [
    {
      code: 'const historyLink = <a>{m.withdraw_history_link()}</a>',
      errors: [{ messageId: 'atLoad' }],
    },
    {
      code: 'export const LABEL = m.deposit_amount({ currency: "LAK" })',
      errors: [{ messageId: 'atLoad' }],
    },
    {
      code: 'const TITLES = { deposit: m.page_title_deposit() }',
      errors: [{ messageId: 'atLoad' }],
    },
  ],
})
