// The floor of the first-load benchmark (bench/README.md): the bare stack the site is built
// on (React 19, TanStack Router, TanStack Query) showing one query's answer, built by the
// same Vite in the same run and served by the same preview server. The site's first-load
// JS is budgeted as a ratio of this app's, so the budget moves with the stack, not with a
// remembered number. Kept deliberately bare: anything added here lowers every ratio.
import { mount } from './floor'

mount()
