import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'
import { loadMessages } from '~generated/paraglide/catalogue'
import { locales } from '~generated/paraglide/runtime'

// The app loads one language's messages before it renders (src/main.tsx) and the next on a
// switch; tests render any language at any time, so all four are loaded once here.
await Promise.all(locales.map(loadMessages))

afterEach(() => {
  cleanup()
  if (typeof localStorage !== 'undefined') localStorage.clear()
})
