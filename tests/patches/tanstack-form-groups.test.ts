// patches/@tanstack+react-form+1.33.5.patch (patches/README.md): the installed TanStack Form
// without form and field groups, as every build, dev server and test runs it.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'

const require = createRequire(import.meta.url)
const esmDir = join(dirname(require.resolve('@tanstack/react-form/package.json')), 'dist/esm')

/** Each patched module, the import it no longer has and the name that stands in. */
const CUTS = [
  { file: 'useForm.js', from: './useFormGroup.js', name: 'FormGroup' },
  { file: 'createFormHook.js', from: './useFieldGroup.js', name: 'useFieldGroup' },
]

describe('TanStack Form without groups, patched', () => {
  for (const { file, from, name } of CUTS) {
    const source = readFileSync(join(esmDir, file), 'utf8')

    it(`${file} no longer imports ${name}`, () => {
      expect(source).not.toContain(from)
    })

    it(`${file} has a stand-in for ${name} that says why it is not there`, () => {
      const standIn = new RegExp(`^function ${name}\\(\\).*$`, 'm').exec(source)![0]
      const run = new Function(`${standIn}; return ${name}`)() as () => void
      expect(() => run()).toThrow(/patches\/@tanstack\+react-form\+1\.33\.5\.patch/)
    })
  }
})
