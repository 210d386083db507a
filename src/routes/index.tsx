import { createFileRoute } from '@tanstack/react-router'
import { LandingPage } from '~/features/agency/landing-page'
import { redirectPlayerHome } from '~/lib/session'

export const Route = createFileRoute('/')({
  beforeLoad: redirectPlayerHome,
  component: LandingPage,
})
