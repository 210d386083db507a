import {
  keepPreviousData,
  useQuery,
  type QueryKey,
  type UseQueryOptions,
} from '@tanstack/react-query'
import { memo, type ComponentType, type ReactNode } from 'react'
import { useLocale } from '~/lib/locale'
import { queriesState, staleOf, type QueryView } from '~/lib/query-state'
import { pageCount, Pagination, type PageLinkProps } from '~/ui/pagination'
import { LoadingState } from '~/ui/query-state'
import { LoadFailed, RefreshFailed } from './query-problems'

/** A page of one of the contract's lists (`items`, `page`, `pageSize`, `total`). */
export type Page<Item> = { items: Item[]; page: number; pageSize: number; total: number }

/**
 * One page of a history. The previous page stays on screen (marked busy) while the next one
 * loads, so the list does not collapse to a spinner between pages.
 */
export function usePagedQuery<Item, TError, Key extends QueryKey>(
  options: UseQueryOptions<Page<Item>, TError, Page<Item>, Key>,
) {
  return useQuery({ ...options, placeholderData: keepPreviousData })
}

/**
 * A history's row component, memoised: a tap on the pager keeps the page shown until the next
 * one arrives, and draws none of its rows again in its own task (decision 020). A row reads
 * the locale, so a language switch still draws it in the new language.
 */
export function pagedRow<Props extends object>(Row: ComponentType<Props>) {
  return memo(function PagedRow(props: Props) {
    useLocale()
    return <Row {...props} />
  })
}

/** What the list reads of `usePagedQuery`'s result. */
type PagedQuery<Item> = QueryView & { data: Page<Item> | undefined; isPlaceholderData: boolean }

type PagedListProps<Item> = {
  list: PagedQuery<Item>
  /** The page in the URL: what the links move from. */
  page: number
  /** What a player with no entries at all sees (with where to go instead). */
  empty: ReactNode
  /** The entries of the page. */
  children: (items: Item[]) => ReactNode
  /** A link to another page, typed by the caller's route. */
  pageLink: (page: number, props: PageLinkProps) => ReactNode
}

/**
 * The one paging behaviour of the histories (deposit, withdraw, promotion usages): failed
 * (with retry), loading, empty, or the page with previous/next links. The page is the URL's,
 * checked against the server's count: a page past the last one the server has is shown as the
 * last (its previous link leads back into the list).
 */
export function PagedList<Item>({ list, page, empty, children, pageLink }: PagedListProps<Item>) {
  const state = queriesState([list])
  if (state.status === 'failed') return <LoadFailed failure={state} />
  if (!list.data) return <LoadingState className="min-h-96" />
  const { items, pageSize, total } = list.data
  if (items.length === 0) {
    return (
      <>
        <RefreshFailed stale={staleOf(state)} />
        {empty}
      </>
    )
  }
  const pages = pageCount(pageSize, total)
  return (
    <div className="flex flex-col gap-4" aria-busy={list.isPlaceholderData}>
      <RefreshFailed stale={staleOf(state)} />
      {children(items)}
      <Pagination
        page={Math.min(page, pages)}
        pageSize={pageSize}
        total={total}
        renderLink={pageLink}
      />
    </div>
  )
}
