import { createFileRoute } from '@tanstack/react-router'
import { LandingPage } from '~/features/agency/landing-page'

export const Route = createFileRoute('/')({
  component: LandingPage,
})
