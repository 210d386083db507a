import type { OutputBundle, OutputChunk } from 'rolldown'
import type { Plugin } from 'vite'
import { precompressAgain } from './production-serving.ts'

/**
 * V8's explicit compile hint (Chrome 136 and later; other engines read a comment): every
 * function of the file is compiled as the file streams in, on a background thread, instead of
 * on the main thread at its first call. Only as the file's first line: after Vite's preamble
 * (`__vite__mapDeps`) on the second, the main thread still compiled most functions (measured
 * in a Chromium trace of the game page).
 */
export const ALL_FUNCTIONS_CALLED_ON_LOAD = '//# allFunctionsCalledOnLoad'

/**
 * Puts the hint first in a chunk, and keeps its source map in step: the code moves down one
 * line, so the map gains an empty first line.
 */
export function hintAllFunctionsCalled(chunk: OutputChunk, bundle: OutputBundle) {
  if (chunk.code.startsWith(ALL_FUNCTIONS_CALLED_ON_LOAD)) return
  chunk.code = `${ALL_FUNCTIONS_CALLED_ON_LOAD}\n${chunk.code}`
  if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`
  const mapAsset = bundle[`${chunk.fileName}.map`]
  if (mapAsset?.type === 'asset') {
    const map = JSON.parse(String(mapAsset.source)) as { mappings: string }
    map.mappings = `;${map.mappings}`
    mapAsset.source = JSON.stringify(map)
  }
}

/**
 * The hint in the chunks some page runs as it loads (`firstLoad`: the entry's, the response
 * check's and each page's, as config/preload-first-page.ts found them). Not in the lazy parts
 * (overlays opened by a tap, a whole language's messages): few of their functions run when
 * they load. After every other plugin's output step (`order: 'post'`), Vite's preamble
 * included, so that the hint is the first line; the precompression had run by then, so each
 * chunk's `.gz` and `.br` are made again.
 */
export function compileHints(firstLoad: () => Iterable<string>): Plugin {
  return {
    name: 'compile-hints',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_, bundle) {
        for (const file of firstLoad()) {
          const chunk = bundle[file]
          if (chunk?.type !== 'chunk') throw new Error(`compile-hints: no chunk ${file}`)
          hintAllFunctionsCalled(chunk, bundle)
          precompressAgain(bundle, file, chunk.code)
        }
      },
    },
  }
}
