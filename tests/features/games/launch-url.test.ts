import { describe, expect, it } from 'vitest'
import { launchUrl } from '~/features/games/launch-url'

const origin = 'https://site.example'

describe('launchUrl', () => {
  it.each([
    ['https://games.example/play?t=1', 'https://games.example/play?t=1'],
    ['http://games.example/play', 'http://games.example/play'],
    // The mock's launch page is a path on the site itself.
    ['/mock/launch.html?game=A', 'https://site.example/mock/launch.html?game=A'],
  ])('follows %s', (url, expected) => {
    expect(launchUrl(url, origin)).toBe(expected)
  })

  it.each([
    'javascript:alert(1)',
    '  JavaScript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'blob:https://site.example/uuid',
    'ftp://games.example/x',
    'http://[bad',
  ])('refuses %s', (url) => {
    expect(launchUrl(url, origin)).toBeUndefined()
  })
})
