// Set-up of every component-test file (the `dom` project of vite.config.ts), after setup.ts.
// A worker keeps its modules from one file to the next (`isolate: false`): what the app keeps
// at module level starts each test empty here, and nothing a test started outlives it, or one
// file's leftovers show up in another.
import { cleanup } from '@testing-library/react'
import { afterEach, beforeEach } from 'vitest'
import { toastQueue } from '~/ui/toast'
import { installMockApi } from './helpers/api'
import { disposeTestQueryClients } from './helpers/render'

installMockApi()

// jsdom draws its frames (`requestAnimationFrame`) on Node's `setInterval`, looked up when the
// first frame is asked for: a frame asked while a test fakes `setInterval` (a countdown's test)
// waits for that fake clock, and jsdom then starts no new interval for the rest of the worker's
// files, so every later wait for a paint (`afterNextPaint`) took its 500 ms fallback. Here
// frames run on the real timers of the file's start, about 60 a second, as jsdom's would; a
// test that fakes `requestAnimationFrame` itself still replaces them while it runs.
const realSetTimeout = globalThis.setTimeout
const realClearTimeout = globalThis.clearTimeout
const frames = new Map<number, ReturnType<typeof setTimeout>>()
let lastFrame = 0
window.requestAnimationFrame = (callback) => {
  const handle = ++lastFrame
  frames.set(
    handle,
    realSetTimeout(() => {
      frames.delete(handle)
      callback(performance.now())
    }, 16),
  )
  return handle
}
window.cancelAnimationFrame = (handle) => {
  realClearTimeout(frames.get(handle))
  frames.delete(handle)
}

// After-hooks run last registered first: this one runs before MSW's end-of-test check. The
// screen is unmounted and the test's queries stopped first, so an effect or a retry of this
// test cannot send a request after the check, into whatever test runs next in this worker.
afterEach(async () => {
  cleanup()
  await disposeTestQueryClients()
})

beforeEach(() => {
  // The one toast queue of the app: a toast of an earlier test (a "bank account added"
  // still in its 5 s) would be a second alertdialog on this test's screen.
  toastQueue.clear()
})
