import { createFileRoute } from '@tanstack/react-router'
import { LandingPage } from '~/features/agency/landing-page'
import { redirectPlayerHome } from '~/features/session/session'

export const Route = createFileRoute('/')({
  beforeLoad: redirectPlayerHome,
  component: LandingPage,
})
