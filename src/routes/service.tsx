import { createFileRoute } from '@tanstack/react-router'
import { loadAgencyInfo } from '~/lib/api/agency'
import { ServicePage } from '~/features/agency/info-pages'

export const Route = createFileRoute('/service')({
  loader: loadAgencyInfo,
  component: ServicePage,
})
