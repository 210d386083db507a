import * as z from 'zod/mini'
import { categoryOfTab } from '~/lib/game-catalogue'

// zod/mini: route search schemas are in the entry chunk, where full zod would cost ~20 KB.
const knownTab = z.string().check(z.refine((tab) => categoryOfTab(tab) !== undefined))

/**
 * `?tab=` of a provider page: a category tab (`Slot`, `Fish-shooting`). A link may leave it
 * out. An absent or unknown tab becomes `fallback` (askmebet: Slot, as the player home links
 * it) or, without one, nothing, which the page shows as the provider's first tab.
 */
export const gameTabSearchSchema = (fallback?: string) =>
  z.object({
    tab: fallback
      ? z._default(z.catch(knownTab, fallback), fallback)
      : z.optional(z.catch(z.optional(knownTab), undefined)),
  })
