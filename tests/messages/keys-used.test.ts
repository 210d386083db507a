// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readMessages } from './message-files'

/** Every .ts and .tsx file under src/. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sources(path)
    return /\.tsx?$/.test(entry.name) ? [path] : []
  })
}

const files = sources('src').map((path) => ({ path, text: readFileSync(path, 'utf8') }))
const keys = Object.keys(readMessages('lo'))

// The code reaches a message as `m.<key>` (a call, or the function passed on, as the game
// categories and the how-to-play steps do). A key built at run time (`m[name]`) would hide
// from this reading, so the code may not do that: the second test holds it.
const referenced = new Set(
  files.flatMap(({ text }) => [...text.matchAll(/\bm\.([a-z][a-z0-9_]*)\b/g)].map((x) => x[1])),
)

describe('message keys and the code', () => {
  it('uses every message key somewhere in src/', () => {
    expect(keys.length).toBeGreaterThan(100)
    expect(keys.filter((key) => !referenced.has(key))).toEqual([])
  })

  it('reaches messages only by name, never by a key built at run time', () => {
    const dynamic = files
      .filter(({ text }) => /\bm\s*\[|\bObject\.(keys|values|entries)\(\s*m\s*\)/.test(text))
      .map(({ path }) => path)
    expect(dynamic).toEqual([])
  })
})
