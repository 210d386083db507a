import type { Plugin } from 'vite'

/** The module of TanStack Form that hangs `form.FormGroup` on every form (1.33 and up). */
export const USE_FORM_MODULE = /[\\/]@tanstack[\\/]react-form[\\/]dist[\\/]esm[\\/]useForm\.js$/
const FORM_GROUP_IMPORT = 'import { FormGroup } from "./useFormGroup.js";'

/** What `form.FormGroup` does in a build: says why it is not there, at once. One line, as the
 *  import it replaces, so the module's source map stays true. */
const STAND_IN =
  'function FormGroup() { throw new Error("form.FormGroup is left out of this build (config/without-form-groups.ts): the site has no form groups."); }'

/**
 * Every form of TanStack Form 1.33 carries `form.FormGroup` (form groups, new in 1.33), so
 * each page with a form loads `FormGroupApi` and `useFormGroup` (3.3 KB gz of 16 KB), which no
 * form of ours uses (issue 19: the form pages' first load). In the build, `useForm` gets a
 * stand-in that throws instead; everything else of TanStack Form is untouched, and
 * `FormGroupApi` then drops out by tree-shaking (the package has no side effects).
 *
 * The build fails if `useForm` no longer imports `FormGroup` as written here (a TanStack Form
 * upgrade that moves it): the cut is then looked at again, not lost silently. Dev and Vitest
 * keep the library whole; ESLint keeps form groups out of src/ (eslint.config.js), and every
 * e2e test runs on this build.
 */
export function withoutFormGroups(): Plugin {
  return {
    name: 'without-form-groups',
    apply: 'build',
    transform: {
      filter: { id: USE_FORM_MODULE },
      handler(code, id) {
        if (!code.includes(FORM_GROUP_IMPORT)) {
          this.error(`${id} no longer imports FormGroup as config/without-form-groups.ts expects`)
        }
        return { code: code.replace(FORM_GROUP_IMPORT, STAND_IN), map: null }
      },
    },
  }
}
