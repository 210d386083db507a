// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { importedByName, lazySchemas } from '../../scripts/lazy-schemas.mjs'

const SOURCE = `import * as z from 'zod/mini';

export const zName = z.string().check(z.minLength(6));

/**
 * A doc comment stays where it is.
 */
export const zLogin = z.strictObject({
    name: zName
});

export const zLoginResponse = z.strictObject({
    token: z.string()
});
`

describe('schemas built on first use', () => {
  it('wraps every schema but the eager ones in z.lazy, comments and order kept', () => {
    const out = lazySchemas(SOURCE, new Set(['zLogin']))
    expect(out).toContain('export const zName = z.lazy(() => z.string().check(z.minLength(6)));')
    expect(out).toContain(' */\nexport const zLogin = z.strictObject({\n    name: zName\n});')
    expect(out).toContain(
      'export const zLoginResponse = z.lazy(() => z.strictObject({\n    token: z.string()\n}));',
    )
  })

  it('refuses a statement it does not know rather than skip it', () => {
    expect(() => lazySchemas(`${SOURCE}\nconst helper = 1;\n`, new Set())).toThrow(/unexpected/)
  })

  it('finds the names src imports, types and aliases included, and refuses a namespace import', () => {
    const files = [
      "import { zLogin, type zName as Name } from '~generated/zod/zod.gen'",
      "import {\n  zBank,\n} from '~generated/zod/zod.gen'",
      "import { other } from '~/lib/other'",
    ]
    expect([...importedByName(files)].sort()).toEqual(['zBank', 'zLogin', 'zName'])
    expect(() => importedByName(["import * as all from '~generated/zod/zod.gen'"])).toThrow(
      /namespace/,
    )
  })
})
