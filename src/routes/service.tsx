import { createFileRoute } from '@tanstack/react-router'
import { ServicePage } from '~/features/agency/info-pages'

export const Route = createFileRoute('/service')({
  component: ServicePage,
})
