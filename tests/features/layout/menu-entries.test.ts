import { describe, expect, it } from 'vitest'
import {
  isEntryActive,
  pathOf,
  PLAYER_MENU,
  searchOf,
  VISITOR_MENU,
  type MenuEntry,
} from '~/features/layout/menu-entries'

const leaf = (link: string): MenuEntry => ({ id: link, text: () => link, link, icon: 'game' })
const group: MenuEntry = {
  id: 'history',
  text: () => 'History',
  link: '/player/deposit/history',
  icon: 'history',
  children: [leaf('/player/deposit/history'), leaf('/player/withdraw/history')],
}

describe('pathOf / searchOf', () => {
  it('splits a menu link into path and query', () => {
    expect(pathOf('/player/game/askmebet?tab=Slot')).toBe('/player/game/askmebet')
    expect(searchOf('/player/game/askmebet?tab=Slot')).toEqual({ tab: 'Slot' })
    expect(searchOf('/player/bank')).toEqual({})
  })

  it('ignores a trailing slash and a hash', () => {
    expect(pathOf('/player/bank/')).toBe('/player/bank')
    expect(pathOf('/player/bank#top')).toBe('/player/bank')
    expect(pathOf('/')).toBe('/')
  })
})

describe('isEntryActive (spec: current path without query equals its link or a child link)', () => {
  it('matches its own link, whatever the query', () => {
    const askmebet = leaf('/player/game/askmebet?tab=Slot')
    expect(isEntryActive(askmebet, '/player/game/askmebet')).toBe(true)
    expect(isEntryActive(askmebet, '/player/game/askmebet?tab=Fish')).toBe(true)
  })

  it('is equality, not a prefix: deposit is not active on deposit history', () => {
    expect(isEntryActive(leaf('/player/deposit'), '/player/deposit/history')).toBe(false)
    expect(isEntryActive(leaf('/player/deposit/history'), '/player/deposit')).toBe(false)
  })

  it('is active when a child link matches', () => {
    expect(isEntryActive(group, '/player/withdraw/history')).toBe(true)
    expect(isEntryActive(group, '/player/withdraw')).toBe(false)
  })
})

describe('menu data', () => {
  const links = (groups: typeof PLAYER_MENU) =>
    groups.map((entries) =>
      entries.flatMap((entry) =>
        entry.children ? entry.children.map((child) => child.link) : [entry.link],
      ),
    )

  it('has the spec player menu: two groups, every link in order', () => {
    expect(links(PLAYER_MENU)).toEqual([
      [
        '/player/game/alphabet',
        '/player/game/askmebet?tab=Slot',
        '/player/game/gclub',
        '/player/game/gclub_live',
        '/player/deposit',
        '/player/withdraw',
        '/player/promotion',
      ],
      [
        '/player/bank',
        '/player/deposit/history',
        '/player/withdraw/history',
        '/player/promotion/history',
      ],
    ])
  })

  it('has login and register for visitors', () => {
    expect(links(VISITOR_MENU)).toEqual([['/login', '/register']])
  })

  it('lights exactly one page entry on every menu page', () => {
    const pages = links(PLAYER_MENU).flat()
    const leaves = PLAYER_MENU.flat().flatMap((entry) => entry.children ?? [entry])
    for (const page of pages) {
      expect(
        leaves.filter((entry) => isEntryActive(entry, page)),
        page,
      ).toHaveLength(1)
    }
  })
})
