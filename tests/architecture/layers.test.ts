// @vitest-environment node
// The layer rules are lint rules (eslint.config.js, scripts/layers.mjs). These cases prove
// the rules bite: each file below is linted as if it sat at its path in src/.
import { ESLint } from 'eslint'
import { beforeAll, describe, expect, it } from 'vitest'

const eslint = new ESLint({ cwd: process.cwd() })

async function layerErrors(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath })
  return (result?.messages ?? [])
    .filter((message) => message.ruleId?.startsWith('import-x/'))
    .map((message) => message.message)
}

describe('lint enforces the layers', () => {
  // Loading the config, its plugins and the TypeScript resolver is once per process (~4 s on a
  // loaded machine): a setup cost, not the first case's.
  beforeAll(() => eslint.lintText('', { filePath: 'src/lib/warm-up.ts' }))

  it('fails a feature that imports another feature', async () => {
    const errors = await layerErrors(
      'src/features/withdraw/uses-account.tsx',
      "import { LoginForm } from '~/features/account/login-form'\nexport const x = LoginForm\n",
    )
    expect(errors).toEqual([expect.stringContaining('A feature never imports another feature')])
  })

  it('fails the same import written as a relative path', async () => {
    const errors = await layerErrors(
      'src/features/withdraw/uses-account.tsx',
      "import { LoginForm } from '../account/login-form'\nexport const x = LoginForm\n",
    )
    expect(errors).toHaveLength(1)
  })

  it('lets a feature import lib, ui and its own folder', async () => {
    const errors = await layerErrors(
      'src/features/account/ok.tsx',
      [
        "import { links } from '~/lib/navigation'",
        "import { Button } from '~/ui/button'",
        "import { LoginForm } from './login-form'",
        'export const x = [links, Button, LoginForm]',
        '',
      ].join('\n'),
    )
    expect(errors).toEqual([])
  })

  it('fails lib importing ui or a feature, and ui importing lib', async () => {
    expect(
      await layerErrors(
        'src/lib/uses-ui.ts',
        "import { Button } from '~/ui/button'\nexport const x = Button\n",
      ),
    ).toHaveLength(1)
    expect(
      await layerErrors(
        'src/lib/uses-feature.ts',
        "import { LoginForm } from '~/features/account/login-form'\nexport const x = LoginForm\n",
      ),
    ).toHaveLength(1)
    expect(
      await layerErrors(
        'src/ui/uses-lib.ts',
        "import { links } from '~/lib/navigation'\nexport const x = links\n",
      ),
    ).toHaveLength(1)
  })

  it('lets a feature import widgets and domain, widgets import domain, lib and ui', async () => {
    expect(
      await layerErrors(
        'src/features/deposit/ok.tsx',
        [
          "import { useKeyedSubmit } from '~/widgets/keyed-submit'",
          "import { formatMoney } from '~/domain/format'",
          'export const x = [useKeyedSubmit, formatMoney]',
          '',
        ].join('\n'),
      ),
    ).toEqual([])
    expect(
      await layerErrors(
        'src/widgets/ok.tsx',
        [
          "import { isApiError } from '~/lib/api/error'",
          "import { formatMoney } from '~/domain/format'",
          "import { Button } from '~/ui/button'",
          'export const x = [isApiError, formatMoney, Button]',
          '',
        ].join('\n'),
      ),
    ).toEqual([])
  })

  it('fails widgets importing a feature, and lib or ui importing widgets', async () => {
    expect(
      await layerErrors(
        'src/widgets/uses-feature.ts',
        "import { LoginForm } from '~/features/account/login-form'\nexport const x = LoginForm\n",
      ),
    ).toEqual([expect.stringContaining('widgets are shared by features')])
    expect(
      await layerErrors(
        'src/lib/uses-widgets.ts',
        "import { useKeyedSubmit } from '~/widgets/keyed-submit'\nexport const x = useKeyedSubmit\n",
      ),
    ).toHaveLength(1)
    expect(
      await layerErrors(
        'src/ui/uses-widgets.ts',
        "import { BankMark } from '~/widgets/bank-account-summary'\nexport const x = BankMark\n",
      ),
    ).toHaveLength(1)
  })

  it('keeps the rules free of UI, and lib free of the rules', async () => {
    expect(
      await layerErrors(
        'src/domain/uses-ui.ts',
        "import { Button } from '~/ui/button'\nexport const x = Button\n",
      ),
    ).toEqual([expect.stringContaining('domain holds the rules, no UI')])
    expect(
      await layerErrors(
        'src/lib/uses-rules.ts',
        "import { formatMoney } from '~/domain/format'\nexport const x = formatMoney\n",
      ),
    ).toHaveLength(1)
    expect(
      await layerErrors(
        'src/domain/ok.ts',
        "import { isApiError } from '~/lib/api/error'\nexport const x = isApiError\n",
      ),
    ).toEqual([])
  })

  it('fails the site importing the dev tools', async () => {
    expect(
      await layerErrors(
        'src/features/deposit/uses-dev.ts',
        "import { installMockPrefer } from '~/dev/mock-prefer'\nexport const x = installMockPrefer\n",
      ),
    ).toEqual([expect.stringContaining('dev tools are loaded by the entry')])
  })

  it('fails e2e reaching into src/', async () => {
    const errors = await layerErrors(
      'e2e/reaches-in.ts',
      "import { links } from '../src/lib/navigation'\nexport const x = links\n",
    )
    expect(errors).toHaveLength(1)
  })
})
