import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

// findBy*/waitFor give up after 1 s by default: a component test on a busy 2-core CI machine
// (lazy chunks, the query client's retries) can take longer for the same, correct outcome.
configure({ asyncUtilTimeout: 5_000 })

afterEach(() => {
  cleanup()
  if (typeof localStorage !== 'undefined') localStorage.clear()
})
