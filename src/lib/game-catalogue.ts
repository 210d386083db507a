import type { components } from '~generated/api/schema'
import { m } from '~generated/paraglide/messages'

export { isProvider, PROVIDER_NAMES, PROVIDERS, type Provider } from './providers'

export type GameCategory = components['schemas']['GameCategory']

/** Translated category names; a new category in the contract breaks the type check here. */
export const GAME_CATEGORY_NAMES = {
  baccarat: m.game_category_baccarat,
  slot: m.game_category_slot,
  fish_shooting: m.game_category_fish_shooting,
  roulette: m.game_category_roulette,
  hilo_sicbo: m.game_category_hilo_sicbo,
  fantan: m.game_category_fantan,
  pokdeng: m.game_category_pokdeng,
  texas_poker: m.game_category_texas_poker,
  dragon_tiger: m.game_category_dragon_tiger,
  blackjack: m.game_category_blackjack,
  lottery: m.game_category_lottery,
  keno: m.game_category_keno,
  others: m.game_category_others,
} as const satisfies Record<GameCategory, () => string>

/** Spec order (section 1): baccarat ... keno, then others. */
export const GAME_CATEGORIES = Object.keys(GAME_CATEGORY_NAMES) as GameCategory[]

/**
 * The tab the menus open askmebet on (spec section 2: PLAYER_HOME). It is the links', not the
 * page's: every provider page without a tab, or with one it does not have, opens its first tab
 * (selectedCategory in src/features/games/game-data.ts).
 */
export const DEFAULT_GAME_TAB = 'Slot'

// A plain set rather than the generated zod enum: this module is on the first screen's path
// (route loaders) and zod would add ~29 KB gzipped to the entry chunk.
const categories: ReadonlySet<string> = new Set(GAME_CATEGORIES)
const isGameCategory = (value: string): value is GameCategory => categories.has(value)

/** A menu tab (`Slot`, `Fish shooting`) as the contract's category (`slot`, `fish_shooting`). */
export function categoryOfTab(tab: string | undefined): GameCategory | undefined {
  if (!tab) return undefined
  const category = tab
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_')
  return isGameCategory(category) ? category : undefined
}

/**
 * A category as its tab in the URL, in the menus' style (`Slot`, `Fish-shooting`):
 * `categoryOfTab(tabOfCategory(c)) === c` for every category.
 */
export function tabOfCategory(category: GameCategory): string {
  const words = category.replace(/_/g, '-')
  return words.charAt(0).toUpperCase() + words.slice(1)
}
