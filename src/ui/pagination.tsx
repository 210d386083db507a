import type { ReactNode } from 'react'
import { m } from '~generated/paraglide/messages'
import { buttonStyles } from './button'

type PaginationProps = {
  /** 1-based page shown now (the contract's `page`). */
  page: number
  pageSize: number
  /** Items in the whole list (the contract's `total`). */
  total: number
  /**
   * The link to another page, typed by the caller's route (`<PageLink to="/player/deposit/history"
   * search={{ page }} {...props} />`, src/widgets/page-link.tsx: the page is drawn after the
   * tap's frame), so the page stays in the URL and links stay links.
   */
  renderLink: (page: number, props: PageLinkProps) => ReactNode
}

export type PageLinkProps = { rel: 'prev' | 'next'; className: string; children: ReactNode }

/** How many pages `total` items make, one at least (an empty list is one empty page). */
export const pageCount = (pageSize: number, total: number) =>
  Math.max(1, Math.ceil(total / pageSize))

const pageLink = buttonStyles({ variant: 'secondary' })
const disabled = `${pageLink} pointer-events-none opacity-50`

/**
 * Previous / next links that keep the page in the URL (`?page=N`), so a reload, a shared link
 * or the back button lands on the same page. At either end the link is shown disabled rather
 * than removed, so nothing shifts.
 */
export function Pagination({ page, pageSize, total, renderLink }: PaginationProps) {
  const pages = pageCount(pageSize, total)
  if (pages <= 1) return null
  return (
    <nav aria-label={m.pagination_label()} className="flex items-center justify-between gap-3">
      {page > 1 ? (
        renderLink(page - 1, {
          rel: 'prev',
          className: pageLink,
          children: m.pagination_previous(),
        })
      ) : (
        <span aria-disabled="true" className={disabled}>
          {m.pagination_previous()}
        </span>
      )}
      <span className="text-sm text-ink-muted">{m.pagination_page_of({ page, pages })}</span>
      {page < pages ? (
        renderLink(page + 1, { rel: 'next', className: pageLink, children: m.pagination_next() })
      ) : (
        <span aria-disabled="true" className={disabled}>
          {m.pagination_next()}
        </span>
      )}
    </nav>
  )
}
