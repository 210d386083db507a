// Which Chromium the e2e suite drives. No tool may download its own browser on the project's
// machines (docs/toolchain.md), so the system one wins: CHROMIUM_PATH, else Debian's
// /usr/bin/chromium; elsewhere Playwright's own build, when it has been installed.
import { existsSync } from 'node:fs'

export const SYSTEM_CHROMIUM = '/usr/bin/chromium'

/** The system Chromium to launch, or undefined to let Playwright use its own. */
export function systemChromium(env = process.env) {
  if (env.CHROMIUM_PATH) return env.CHROMIUM_PATH
  return existsSync(SYSTEM_CHROMIUM) ? SYSTEM_CHROMIUM : undefined
}

/** The browser the suite would launch, if it exists on this machine. */
export async function findChromium(env = process.env) {
  const system = systemChromium(env)
  if (system) return existsSync(system) ? system : undefined
  const { chromium } = await import('@playwright/test')
  const own = chromium.executablePath()
  return own && existsSync(own) ? own : undefined
}

export const INSTALL_HINT =
  'no Chromium for the e2e tests. On Debian: `apt-get update && apt-get install -y chromium` ' +
  '(or set CHROMIUM_PATH); elsewhere `npx playwright install chromium`.'
