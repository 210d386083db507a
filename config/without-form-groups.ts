import type { Plugin } from 'vite'
import { libraryEdits } from './library-edits.ts'

/** One cut: the module of TanStack Form, the import it loses and the name that stands in. */
interface Cut {
  module: RegExp
  importLine: string
  name: string
  what: string
}

const esm = (file: string) =>
  new RegExp(`[\\\\/]@tanstack[\\\\/]react-form[\\\\/]dist[\\\\/]esm[\\\\/]${file}\\.js$`)

/**
 * The imports cut: `useForm` hangs `form.FormGroup` on every form (form groups, new in 1.33),
 * `createFormHook` builds `withFieldGroup` on every form hook (field groups).
 */
export const CUTS: readonly Cut[] = [
  {
    module: esm('useForm'),
    importLine: 'import { FormGroup } from "./useFormGroup.js";',
    name: 'FormGroup',
    what: 'form.FormGroup',
  },
  {
    module: esm('createFormHook'),
    importLine: 'import { useFieldGroup } from "./useFieldGroup.js";',
    name: 'useFieldGroup',
    what: 'withFieldGroup',
  },
]

/** What the cut name does in a build: says why it is not there, at once. One line, as the
 *  import it replaces, so the module's source map stays true. */
const standIn = ({ name, what }: Cut) =>
  `function ${name}() { throw new Error("${what} is left out of this build (config/without-form-groups.ts): the site has no form or field groups."); }`

/**
 * TanStack Form's form groups and field groups, which no form of ours uses, out of the build
 * (the form pages' first load). Every form carries `form.FormGroup` (1.33 and up) and
 * every form hook `withFieldGroup`, so each page with a form loaded `FormGroupApi`,
 * `FieldGroupApi` and their hooks (2.6 KB gz). In the build, the two modules that import them
 * get a stand-in that throws instead; the rest of TanStack Form is untouched, and the group
 * APIs then drop out by tree-shaking (the packages have no side effects).
 *
 * The build fails if either module no longer has its import as written here (a TanStack Form
 * upgrade that moves it): the cut is then looked at again, not lost silently. Dev and Vitest
 * keep the library whole; ESLint keeps the groups out of src/ (eslint.config.js), and every
 * e2e test runs on this build.
 */
export function withoutFormGroups(): Plugin {
  return libraryEdits('without-form-groups', CUTS, (cut, code, id) => {
    if (!code.includes(cut.importLine)) {
      throw new Error(
        `${id} no longer imports ${cut.name} as config/without-form-groups.ts expects`,
      )
    }
    return code.replace(cut.importLine, standIn(cut))
  })
}
