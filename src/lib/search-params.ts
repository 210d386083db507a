import type { SearchSchemaInput } from '@tanstack/react-router'
import { FIRST_PAGE } from './api/paging'
import { categoryOfTab } from './game-catalogue'
import { safeRedirect } from './navigation'

// Route search parsers as plain functions (TanStack Router takes a function as
// `validateSearch`). They run in the entry chunk, where even zod/mini costs ~14 KB gz for
// three checks: decision 009. Each keeps what it understands and drops the rest, so a
// hand-edited or stale URL opens the page's default instead of an error.
//
// A dropped value is returned as an explicit `undefined`, never left out: the router merges
// the validated search over the raw one, so a key left out would come back unchecked (an
// open redirect through `?redirect=`, caught by e2e/guards.spec.ts).

/**
 * `?page=` of a history list: a whole number from FIRST_PAGE, given as a number (the
 * router's JSON parsing of `?page=2`) or as digits. Anything else opens the first page.
 */
export function pageSearch(search: { page?: number } & SearchSchemaInput): {
  page: number | undefined
} {
  const raw: unknown = search.page
  const page = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : raw
  const valid = typeof page === 'number' && Number.isSafeInteger(page) && page >= FIRST_PAGE
  return { page: valid ? page : undefined }
}

/** `?redirect=` of /login: only a same-origin path survives (safeRedirect); else nothing. */
export function loginSearch(search: { redirect?: string } & SearchSchemaInput): {
  redirect: string | undefined
} {
  const raw: unknown = search.redirect
  return { redirect: typeof raw === 'string' ? safeRedirect(raw) : undefined }
}

const knownTab = (raw: unknown): string | undefined =>
  typeof raw === 'string' && categoryOfTab(raw) !== undefined ? raw : undefined

/**
 * `?tab=` of a provider page: a category tab (`Slot`, `Fish-shooting`). A link may leave it
 * out; an absent or unknown tab means the provider's first tab.
 */
export function gameTabSearch(search: { tab?: string } & SearchSchemaInput): {
  tab: string | undefined
} {
  return { tab: knownTab(search.tab) }
}
