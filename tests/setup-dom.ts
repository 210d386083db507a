// Set-up of every component-test file (the `dom` project of vite.config.ts), after setup.ts.
// A worker keeps its modules from one file to the next (`isolate: false`): what the app keeps
// at module level starts each test empty here, or one file's leftovers show up in another.
import { beforeEach } from 'vitest'
import { toastQueue } from '~/ui/toast'
import { installMockApi } from './helpers/api'

installMockApi()

beforeEach(() => {
  // The one toast queue of the app: a toast of an earlier test (a "bank account added"
  // still in its 5 s) would be a second alertdialog on this test's screen.
  toastQueue.clear()
})
