import { createFileRoute } from '@tanstack/react-router'
import { AboutPage } from '~/features/agency/info-pages'

export const Route = createFileRoute('/about')({
  component: AboutPage,
})
