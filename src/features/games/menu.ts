import { m } from '~generated/paraglide/messages'
import { PROVIDER_NAMES } from '~/lib/game-catalogue'
import { links } from '~/lib/navigation'
import type { MenuEntry } from '~/ui/menu-entry'

const game = (provider: keyof typeof PROVIDER_NAMES, link: MenuEntry['link']): MenuEntry => ({
  id: `game-${provider}`,
  text: () => PROVIDER_NAMES[provider],
  link,
  icon: 'game',
})

const providerEntries = [
  game('alphabet', links.alphabet),
  game('askmebet', links.askmebet),
  game('gclub', links.gclub),
  game('gclub_live', links.gclubLive),
] as const satisfies readonly MenuEntry[]

/** The drawer's games entry: the four provider pages (its own link is the first one's). */
export const gamesMenuEntry: MenuEntry = {
  id: 'games',
  text: m.nav_games,
  link: providerEntries[0].link,
  icon: 'game',
  children: providerEntries,
}
