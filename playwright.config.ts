import { defineConfig, devices } from '@playwright/test'
import { systemChromium } from './scripts/chromium.mjs'

const chromiumPath = systemChromium()

// PREVIEW_PORT and MOCK_PORT let several checkouts run their suites side by side.
const PREVIEW_URL = `http://localhost:${process.env.PREVIEW_PORT || 4173}`
const MOCK_URL = `http://127.0.0.1:${process.env.MOCK_PORT || 4010}`

/**
 * The suite runs against the production build served by `vite preview` (a few files, as a
 * player gets them), not the dev server (~200 modules one by one per page). The build uses
 * the `e2e` mode, which compiles in the mock scenario picker; `npm run build` never does.
 * It goes to its own folder so that `npm run size` (dist/) and the suite never clash.
 */
// E2E_OUT_DIR moves the build (several people testing one checkout, each with a build of their own).
const E2E_DIR = process.env.E2E_OUT_DIR || 'dist-e2e'
const E2E_PREVIEW = `vite preview --mode e2e --outDir ${E2E_DIR}`
// `npm test` builds dist-e2e beside its size step and says so with E2E_PREBUILT=1 (the build
// then no longer delays the first test); run on its own, the suite builds it first.
const E2E_SERVE = process.env.E2E_PREBUILT
  ? E2E_PREVIEW
  : `vite build --mode e2e --outDir ${E2E_DIR} --emptyOutDir --logLevel warn && ${E2E_PREVIEW}`

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: PREVIEW_URL,
    // Recording a trace of every test cost about a third of the suite's time on 2 cores
    // (38 tests: 113-122 s recording, 81-87 s not), so only a retry records one: CI retries
    // a failed test once, with its trace. Locally, add `--trace on` to the failing spec's run.
    trace: 'on-first-retry',
    // The production build registers a service worker (decision 017); e2e/pwa.spec.ts allows
    // it and checks it. Elsewhere each test sees the network as a first visit does.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: chromiumPath
      ? {
          executablePath: chromiumPath,
          args: ['--disable-background-networking', '--disable-component-update', '--no-first-run'],
        }
      : {},
  },
  // Every test runs once, at desktop width; a test whose outcome depends on the width is
  // tagged `@responsive` (RESPONSIVE in e2e/support.ts) and runs at phone width too.
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'phone',
      grep: /@responsive/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 375, height: 812 }, hasTouch: false },
    },
  ],
  webServer: [
    {
      command: 'npm run mock',
      url: `${MOCK_URL}/v2/agency/info`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
    {
      command: E2E_SERVE,
      url: PREVIEW_URL,
      reuseExistingServer: !process.env.CI,
      timeout: 180_000,
    },
  ],
})
