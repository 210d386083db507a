import { createFileRoute } from '@tanstack/react-router'
import { loadAgencyInfo } from '~/lib/api/agency'
import { HowToPlayPage } from '~/features/agency/info-pages'

export const Route = createFileRoute('/how-to-play')({
  loader: loadAgencyInfo,
  component: HowToPlayPage,
})
