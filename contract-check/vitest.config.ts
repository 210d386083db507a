import { defineConfig } from 'vitest/config'

// Each test file starts at most one Prism (~150 MB, 1-2 s); files run one after another so
// two cores are not shared by several Prisms and the stand-in backends.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['tests/**/*.test.ts'],
    fileParallelism: false,
    restoreMocks: true,
  },
})
