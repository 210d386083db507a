import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { USE_FORM_MODULE, withoutFormGroups } from '../../config/without-form-groups'

type Handler = (this: { error: (message: string) => never }, code: string, id: string) => unknown

const plugin = withoutFormGroups()
const { filter, handler } = plugin.transform as unknown as {
  filter: { id: RegExp }
  handler: Handler
}
const context = {
  error(message: string): never {
    throw new Error(message)
  },
}

/** The installed TanStack Form's `useForm` module, as the build reads it. */
const require = createRequire(import.meta.url)
const useFormPath = join(
  dirname(require.resolve('@tanstack/react-form/package.json')),
  'dist/esm/useForm.js',
)
const useFormSource = readFileSync(useFormPath, 'utf8')

describe('withoutFormGroups (config/without-form-groups.ts)', () => {
  it('applies to the installed useForm module only', () => {
    expect(plugin.apply).toBe('build')
    expect(filter.id).toBe(USE_FORM_MODULE)
    expect(USE_FORM_MODULE.test(useFormPath)).toBe(true)
    expect(USE_FORM_MODULE.test(useFormPath.replace('useForm.js', 'useField.js'))).toBe(false)
  })

  it('cuts the import of form groups from the installed TanStack Form, keeping its lines', () => {
    const { code } = handler.call(context, useFormSource, useFormPath) as { code: string }
    expect(code).not.toContain('useFormGroup.js')
    expect(code.split('\n')).toHaveLength(useFormSource.split('\n').length)
    // The rest of useForm is untouched: the form still hangs its Field and Subscribe.
    expect(code.replace(/^function FormGroup\(\).*$/m, '')).toEqual(
      useFormSource.replace(/^import \{ FormGroup \}.*$/m, ''),
    )
  })

  it('leaves a stand-in that says why form groups are not there', () => {
    const { code } = handler.call(context, useFormSource, useFormPath) as { code: string }
    const standIn = /^function FormGroup\(\).*$/m.exec(code)![0]
    const FormGroup = new Function(`${standIn}; return FormGroup`)() as () => void
    expect(() => FormGroup()).toThrow(/config\/without-form-groups\.ts/)
  })

  it('fails the build when useForm no longer imports form groups as expected', () => {
    const moved = useFormSource.replace(
      /^import \{ FormGroup \}.*$/m,
      'import { FormGroup } from "./groups.js";',
    )
    expect(() => handler.call(context, moved, useFormPath)).toThrow(/no longer imports FormGroup/)
  })
})
