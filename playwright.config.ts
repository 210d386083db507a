import { defineConfig, devices } from '@playwright/test'
import { systemChromium } from './scripts/chromium.mjs'

const chromiumPath = systemChromium()

// WEB_PORT and MOCK_PORT let several checkouts run their suites side by side.
const WEB_URL = `http://localhost:${process.env.WEB_PORT || 5173}`
const MOCK_URL = `http://127.0.0.1:${process.env.MOCK_PORT || 4010}`

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
    baseURL: WEB_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumPath
      ? {
          executablePath: chromiumPath,
          args: ['--disable-background-networking', '--disable-component-update', '--no-first-run'],
        }
      : {},
  },
  projects: [
    {
      name: 'phone',
      use: { ...devices['Desktop Chrome'], viewport: { width: 375, height: 812 }, hasTouch: false },
    },
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
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
      command: 'npm run dev',
      url: WEB_URL,
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
    },
  ],
})
