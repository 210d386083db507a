import { Link, useMatchRoute, type LinkOptions } from '@tanstack/react-router'
import type { ReactNode } from 'react'

/**
 * Spec: an entry is active when the current path, ignoring the query, equals its link (or a
 * child's). The router's own matching does it: exact (so `/player/deposit` is NOT active on
 * `/player/deposit/history`, one page never lights two entries) and blind to the query.
 */
export const MENU_ACTIVE_OPTIONS = { exact: true, includeSearch: false } as const

/** Whether any of `links` is the current page, by the rule above (a drawer group's label). */
export function useIsAnyActive(links: readonly LinkOptions[]): boolean {
  const matchRoute = useMatchRoute()
  // With its params: the four provider pages are one route, told apart by them.
  return links.some(
    (link) => matchRoute({ to: link.to, params: link.params, includeSearch: false }) !== false,
  )
}

type MenuLinkProps = {
  link: LinkOptions
  className: string
  onNavigate?: () => void
  children: ReactNode
}

/**
 * A router link for menu data. The router marks the current page itself: `aria-current`
 * and `data-status="active"` (style with `data-[status=active]:`).
 */
export function MenuLink({ link, className, onNavigate, children }: MenuLinkProps) {
  return (
    <Link {...link} activeOptions={MENU_ACTIVE_OPTIONS} onClick={onNavigate} className={className}>
      {children}
    </Link>
  )
}
