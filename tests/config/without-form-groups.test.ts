import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CUTS, withoutFormGroups } from '../../config/without-form-groups'

type Handler = (
  this: { error: (message: string) => never },
  code: string,
  id: string,
) => { code: string } | undefined

const plugin = withoutFormGroups()
const { filter, handler } = plugin.transform as unknown as {
  filter: { id: RegExp[] }
  handler: Handler
}
const context = {
  error(message: string): never {
    throw new Error(message)
  },
}

/** A module of the installed TanStack Form, as the build reads it. */
const require = createRequire(import.meta.url)
const esmDir = join(dirname(require.resolve('@tanstack/react-form/package.json')), 'dist/esm')
const installed = (file: string) => {
  const path = join(esmDir, file)
  return { path, source: readFileSync(path, 'utf8') }
}

describe('withoutFormGroups (config/without-form-groups.ts)', () => {
  it('applies to the two modules of the installed TanStack Form only, in the build', () => {
    expect(plugin.apply).toBe('build')
    expect(filter.id).toEqual(CUTS.map((cut) => cut.module))
    const matched = (file: string) => CUTS.some((cut) => cut.module.test(join(esmDir, file)))
    expect(matched('useForm.js')).toBe(true)
    expect(matched('createFormHook.js')).toBe(true)
    expect(matched('useField.js')).toBe(false)
  })

  for (const [file, cut] of [
    ['useForm.js', CUTS[0]!],
    ['createFormHook.js', CUTS[1]!],
  ] as const) {
    describe(file, () => {
      const { path, source } = installed(file)
      const { code } = handler.call(context, source, path)!

      it(`cuts the import of ${cut.name}, keeping every other line as it was`, () => {
        expect(code).not.toContain(cut.importLine)
        expect(code.split('\n')).toHaveLength(source.split('\n').length)
        const standInLine = new RegExp(`^function ${cut.name}\\(\\).*$`, 'm')
        expect(code.replace(standInLine, '')).toEqual(source.replace(cut.importLine, ''))
      })

      it(`leaves a stand-in for ${cut.name} that says why it is not there`, () => {
        const standIn = new RegExp(`^function ${cut.name}\\(\\).*$`, 'm').exec(code)![0]
        const run = new Function(`${standIn}; return ${cut.name}`)() as () => void
        expect(() => run()).toThrow(/config\/without-form-groups\.ts/)
      })

      it('fails the build when the module no longer imports it as expected', () => {
        const moved = source.replace(cut.importLine, `import { ${cut.name} } from "./moved.js";`)
        expect(() => handler.call(context, moved, path)).toThrow(
          new RegExp(`no longer imports ${cut.name}`),
        )
      })
    })
  }
})
