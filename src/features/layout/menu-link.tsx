import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { pathOf, searchOf } from './menu-entries'

type MenuLinkProps = {
  /** A same-origin path with an optional query, as menu data spells it. */
  link: string
  isActive: boolean
  className: string
  onNavigate?: () => void
  children: ReactNode
}

/**
 * A router link for menu data. `aria-current` comes from the spec's active rule (computed by
 * the caller), and the router's own active check is made exact and query-blind so that it
 * agrees with that rule instead of also lighting up parent paths.
 */
export function MenuLink({ link, isActive, className, onNavigate, children }: MenuLinkProps) {
  return (
    <Link
      to={pathOf(link)}
      search={searchOf(link)}
      activeOptions={{ exact: true, includeSearch: false }}
      aria-current={isActive ? 'page' : undefined}
      data-active={isActive || undefined}
      onClick={onNavigate}
      className={className}
    >
      {children}
    </Link>
  )
}
