import { createFileRoute } from '@tanstack/react-router'
import { loadAgencyInfo } from '~/lib/api/agency'
import { LandingPage } from '~/features/agency/landing-page'
import { redirectPlayerHome } from '~/lib/session'

export const Route = createFileRoute('/')({
  beforeLoad: redirectPlayerHome,
  loader: loadAgencyInfo,
  component: LandingPage,
})
