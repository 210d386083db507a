import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import type { OutputAsset, OutputBundle, OutputChunk } from 'rolldown'
import { describe, expect, it } from 'vitest'
import {
  ALL_FUNCTIONS_CALLED_ON_LOAD,
  compileHints,
  hintAllFunctionsCalled,
} from '../../config/compile-hints'

const chunk = (fileName: string, code: string) =>
  ({ type: 'chunk', fileName, code, map: { mappings: 'AAAA;AACA' } }) as unknown as OutputChunk
const asset = (fileName: string, source: string | Uint8Array) =>
  ({ type: 'asset', fileName, source }) as OutputAsset

/** A bundle as the build leaves it: a chunk, its source map and its precompressed files. */
function bundleOf(code: string): OutputBundle {
  return {
    'assets/a.js': chunk('assets/a.js', code),
    'assets/a.js.map': asset('assets/a.js.map', JSON.stringify({ mappings: 'AAAA;AACA' })),
    'assets/a.js.gz': asset('assets/a.js.gz', 'stale'),
    'assets/a.js.br': asset('assets/a.js.br', 'stale'),
    'assets/lazy.js': chunk('assets/lazy.js', 'export{}'),
  }
}

describe('compile hints (config/compile-hints.ts)', () => {
  it('puts the hint on the first line and moves the source map down one line', () => {
    const bundle = bundleOf('const __vite__mapDeps=0;\nexport{}')
    const a = bundle['assets/a.js'] as OutputChunk
    hintAllFunctionsCalled(a, bundle)
    expect(a.code).toBe(`${ALL_FUNCTIONS_CALLED_ON_LOAD}\nconst __vite__mapDeps=0;\nexport{}`)
    expect(a.map!.mappings).toBe(';AAAA;AACA')
    const map = bundle['assets/a.js.map'] as OutputAsset
    expect(JSON.parse(String(map.source))).toEqual({ mappings: ';AAAA;AACA' })
    // Once only.
    hintAllFunctionsCalled(a, bundle)
    expect(a.code.split(ALL_FUNCTIONS_CALLED_ON_LOAD)).toHaveLength(2)
    expect(a.map!.mappings).toBe(';AAAA;AACA')
  })

  it('hints the first-load chunks alone, after every other output step, and compresses them again', () => {
    const plugin = compileHints(() => ['assets/a.js'])
    const hook = plugin.generateBundle as {
      order: string
      handler: (options: unknown, bundle: OutputBundle) => void
    }
    expect(hook.order).toBe('post')
    const bundle = bundleOf('export{}')
    hook.handler({}, bundle)
    const code = `${ALL_FUNCTIONS_CALLED_ON_LOAD}\nexport{}`
    expect((bundle['assets/a.js'] as OutputChunk).code).toBe(code)
    const source = (file: string) => (bundle[file] as OutputAsset).source as Uint8Array
    expect(gunzipSync(source('assets/a.js.gz')).toString()).toBe(code)
    expect(brotliDecompressSync(source('assets/a.js.br')).toString()).toBe(code)
    expect((bundle['assets/lazy.js'] as OutputChunk).code).toBe('export{}')
  })

  it('fails the build when a first-load chunk is not in the bundle', () => {
    const hook = compileHints(() => ['assets/gone.js']).generateBundle as {
      handler: (options: unknown, bundle: OutputBundle) => void
    }
    expect(() => hook.handler({}, bundleOf('export{}'))).toThrow(
      'compile-hints: no chunk assets/gone.js',
    )
  })
})
