import { defineConfig } from 'vitest/config'

// Each test file starts at most one Prism (~150 MB, 1-2 s). Two files at a time: the diff tests
// (Redocly) and a drift file overlap on two cores without stacking up Prisms.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['tests/**/*.test.ts'],
    maxWorkers: 2,
    restoreMocks: true,
  },
})
