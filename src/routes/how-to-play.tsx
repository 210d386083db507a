import { createFileRoute } from '@tanstack/react-router'
import { HowToPlayPage } from '~/features/agency/info-pages'

export const Route = createFileRoute('/how-to-play')({
  component: HowToPlayPage,
})
