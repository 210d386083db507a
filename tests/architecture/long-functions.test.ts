// @vitest-environment node
// No hand-written function over 120 lines (generated/ is the generator's).
// scripts/long-functions.mjs measures; this test fails when one appears and proves it bites.
import { describe, expect, it } from 'vitest'
import { DEFAULT_ROOTS, longFunctions, longFunctionsIn } from '../../scripts/long-functions.mjs'

const measure = longFunctionsIn

describe('no function over 120 lines', () => {
  // One folder a case: each parses only its own files.
  it.each(DEFAULT_ROOTS)('holds for %s', (root) => {
    expect(longFunctions([root])).toEqual([])
  })

  it('finds a long arrow and names it, and leaves a test file’s describe alone', () => {
    const body = (n: number) =>
      Array.from({ length: n }, (_, i) => `  const a${i} = ${i}`).join('\n')
    const arrow = `export const Big = () => {\n${body(119)}\n}\n`
    expect(measure('src/x.tsx', arrow)).toEqual([
      { file: 'src/x.tsx', line: 1, name: 'Big', lines: 121 },
    ])
    expect(measure('src/x.tsx', arrow.replace(/\n {2}const a0 = 0/, ''))).toEqual([])
    const suite = `describe('s', () => {\n${body(130)}\n})\n`
    expect(measure('tests/x.test.ts', suite)).toEqual([])
    expect(measure('src/x.ts', suite)).toHaveLength(1)
  })
})
