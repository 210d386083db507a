import { createFileRoute, Outlet } from '@tanstack/react-router'
import { requirePlayer } from '~/lib/session'

/** The player group: every /player page needs a session. */
export const Route = createFileRoute('/player')({
  beforeLoad: requirePlayer,
  component: Outlet,
})
