import { describe, expect, it } from 'vitest'
import { mergeGroups, type Group } from '../../config/chunk-groups'

function group(id: string, users: string[], gzipBytes: number): Group {
  return {
    name: { id, bytes: gzipBytes },
    modules: [id],
    users: new Set(users),
    gzipBytes,
    imports: new Set(),
  }
}

const pagesOnly = {
  requestBytes: 2048,
  maxWasteBytes: 6144,
  requestsCount: (root: string) => root.startsWith('page'),
}
const modulesOf = (groups: Group[]) => groups.map((g) => [...g.modules].sort()).sort()

describe('mergeGroups', () => {
  it('makes one chunk of chunks the same pages load together', () => {
    const merged = mergeGroups(
      [
        group('form', ['page/login', 'page/deposit'], 17_000),
        group('text-field', ['page/login', 'page/deposit'], 2_000),
      ],
      pagesOnly,
    )
    expect(modulesOf(merged)).toEqual([['form', 'text-field']])
    expect(merged[0]!.gzipBytes).toBe(19_000)
  })

  it('keeps a chunk apart when a page would load more than the limit of code it does not use', () => {
    const groups = [
      group('form', ['page/login', 'page/deposit'], 17_000),
      group('money', ['page/deposit', 'page/withdraw'], 3_000),
      group('game-grid', ['page/deposit', 'page/games'], 19_000),
    ]
    // money into form: login loads 3 KB it does not use (allowed), withdraw 17 KB (not).
    expect(modulesOf(mergeGroups(groups, pagesOnly))).toEqual([['form'], ['game-grid'], ['money']])
  })

  it('holds each page to its own limit of code it does not use, where one is given', () => {
    const groups = [
      group('form', ['page/login', 'page/deposit'], 17_000),
      group('money', ['page/deposit', 'page/withdraw', 'page/login'], 1_000),
      group('amount', ['page/deposit', 'page/withdraw'], 1_000),
    ]
    // amount into money: login loads 1 KB it does not use, for two requests saved.
    expect(modulesOf(mergeGroups(groups, pagesOnly))).toEqual([['amount', 'money'], ['form']])
    // Not if login, a visitor page, may take only 0.5 KB.
    const visitorsTight = {
      ...pagesOnly,
      maxWasteBytes: (root: string) => (root === 'page/login' ? 512 : 6144),
    }
    expect(modulesOf(mergeGroups(groups, visitorsTight))).toEqual([['amount'], ['form'], ['money']])
  })

  it('merges while the requests saved outweigh the bytes, up to each page limit', () => {
    const groups = [
      group('a', ['page/1', 'page/2', 'page/3'], 4_000),
      group('b', ['page/1', 'page/2', 'page/3', 'page/4'], 1_000),
      group('c', ['page/1', 'page/2', 'page/3', 'page/4'], 5_000),
    ]
    // b and c go together at no cost; a then costs page/4 4 KB for 3 requests saved (6 KB).
    expect(modulesOf(mergeGroups(groups, pagesOnly))).toEqual([['a', 'b', 'c']])
    // With requests worth less than the bytes, only the free merge is made.
    expect(modulesOf(mergeGroups(groups, { ...pagesOnly, requestBytes: 1_000 }))).toEqual([
      ['a'],
      ['b', 'c'],
    ])
  })

  it('counts no request saved on roots that load at idle, and still counts their unused bytes', () => {
    const groups = [
      group('menu-parts', ['overlay/menu', 'overlay/drawer'], 3_000),
      group('dialog-parts', ['overlay/menu', 'overlay/drawer'], 2_000),
    ]
    expect(modulesOf(mergeGroups(groups, pagesOnly))).toEqual([['dialog-parts'], ['menu-parts']])
    const intoPage = [
      group('form', ['page/login', 'overlay/password'], 17_000),
      group('focus', ['page/login', 'overlay/menu'], 4_000),
    ]
    // One request saved on login; the menu would load 17 KB it does not use.
    expect(modulesOf(mergeGroups(intoPage, pagesOnly))).toEqual([['focus'], ['form']])
  })

  it('counts a root that is several pages (a route of four providers) as that many', () => {
    const groups = [
      group('grid', ['page/games', 'page/deposit'], 1_500),
      group('tabs', ['page/games', 'page/withdraw'], 1_500),
    ]
    // One page saves a request (2 KB) and costs deposit and withdraw 1.5 KB each: no gain.
    expect(modulesOf(mergeGroups(groups, pagesOnly))).toEqual([['grid'], ['tabs']])
    // Four pages save four.
    const fourPages = { ...pagesOnly, pagesOf: (root: string) => (root === 'page/games' ? 4 : 1) }
    expect(modulesOf(mergeGroups(groups, fourPages))).toEqual([['grid', 'tabs']])
  })

  it('never merges two chunks when a third sits between them', () => {
    const a = group('a', ['page/1', 'page/2'], 1_000)
    const middle = group('middle', ['page/1', 'page/2', 'page/3'], 1_000)
    const b = group('b', ['page/1', 'page/2'], 1_000)
    // a imports middle imports b: a+b would import middle, which imports a+b.
    a.imports.add(middle)
    middle.imports.add(b)
    const merged = mergeGroups([a, middle, b], { ...pagesOnly, maxWasteBytes: 0 })
    expect(modulesOf(merged)).toEqual([['a'], ['b'], ['middle']])
  })
})
