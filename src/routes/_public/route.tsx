import { createFileRoute, Outlet } from '@tanstack/react-router'
import { redirectPlayerHome } from '~/lib/session'

/** The public group (/login, /register): logged-in players go to /player. */
export const Route = createFileRoute('/_public')({
  beforeLoad: redirectPlayerHome,
  component: Outlet,
})
