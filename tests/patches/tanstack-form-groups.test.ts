// patches/@tanstack+react-form+1.33.5.patch (patches/README.md): the installed TanStack Form
// without form and field groups, as every build, dev server and test runs it.
import { describe, expect, it } from 'vitest'
import { installedFile } from '../helpers/installed-module'

/** Each patched module, the import it no longer has and the name that stands in. */
const CUTS = [
  { file: 'useForm.js', from: './useFormGroup.js', name: 'FormGroup' },
  { file: 'createFormHook.js', from: './useFieldGroup.js', name: 'useFieldGroup' },
]

describe('TanStack Form without groups, patched', () => {
  for (const { file, from, name } of CUTS) {
    const { source } = installedFile('@tanstack/react-form', `dist/esm/${file}`)

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
