import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'
import { loadMessages } from '~generated/paraglide/catalogue'
import { locales } from '~generated/paraglide/runtime'

// The app loads one language's messages before it renders (src/main.tsx) and the next on a
// switch; tests render any language at any time, so all four are loaded once here.
await Promise.all(locales.map(loadMessages))

// findBy*/waitFor give up after 1 s by default: a component test on a busy 2-core CI machine
// (lazy chunks, the query client's retries) can take longer for the same, correct outcome.
configure({ asyncUtilTimeout: 5_000 })

afterEach(() => {
  cleanup()
  if (typeof localStorage !== 'undefined') localStorage.clear()
})
