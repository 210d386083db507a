import { createFileRoute } from '@tanstack/react-router'
import { loadAgencyInfo } from '~/lib/api/agency'
import { AboutPage } from '~/features/agency/info-pages'

export const Route = createFileRoute('/about')({
  loader: loadAgencyInfo,
  component: AboutPage,
})
