import { describe, expect, it } from 'vitest'
import type { components } from '~generated/api/schema'
import { categoriesOf, gamesOf, selectedCategory } from '~/features/games/game-data'
import { categoryOfTab, GAME_CATEGORIES, tabOfCategory } from '~/lib/game-catalogue'
import { gameTabSearch } from '~/lib/search-params'
import { exampleOf } from '../../contract/spec'

type GameList = components['schemas']['GameList']

const askmebet = exampleOf<GameList>('listGames', '200', 'askmebet')

describe('game tabs in the URL', () => {
  it('round-trips every category of the contract', () => {
    for (const category of GAME_CATEGORIES) {
      expect(categoryOfTab(tabOfCategory(category))).toBe(category)
    }
    expect(tabOfCategory('slot')).toBe('Slot')
    expect(tabOfCategory('fish_shooting')).toBe('Fish-shooting')
  })

  it('keeps a known tab and drops an unknown one (the page then shows its own default)', () => {
    expect(gameTabSearch({ tab: 'Fish-shooting' } as never)).toEqual({ tab: 'Fish-shooting' })
    expect(gameTabSearch({ tab: 'Roulette' } as never)).toEqual({ tab: 'Roulette' })
    expect(gameTabSearch({ tab: 'Casino' } as never)).toStrictEqual({ tab: undefined })
    expect(gameTabSearch({ tab: 42 } as never)).toStrictEqual({ tab: undefined })
    expect(gameTabSearch({} as never)).toStrictEqual({ tab: undefined })
  })

  it("shows the URL's tab when the provider has it, else its first", () => {
    const categories = categoriesOf(gamesOf(askmebet))
    expect(categories).toEqual(['slot', 'fish_shooting'])
    expect(selectedCategory(categories, 'fish_shooting')).toBe('fish_shooting')
    expect(selectedCategory(categories, 'keno')).toBe('slot')
    expect(selectedCategory(categories, undefined)).toBe('slot')
    expect(selectedCategory([], 'slot')).toBeUndefined()
  })
})

describe('answers as the page shows them', () => {
  it('fails a list without games, skips a game without a name, files an unknown category under others', () => {
    expect(() => gamesOf({} as GameList)).toThrow()
    const [first] = askmebet.games
    const games = gamesOf({
      games: [
        first!,
        { ...first!, code: 'X', name: '' },
        { ...first!, code: 'NEW', category: 'crash' as 'slot' },
      ],
    })
    expect(games.map((g) => [g.code, g.category])).toEqual([
      [first!.code, first!.category],
      ['NEW', 'others'],
    ])
  })
})
