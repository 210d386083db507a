import type { Page } from '@playwright/test'
import { m } from '../generated/paraglide/messages.js'
import {
  example,
  expect,
  isPhone,
  logInByApi,
  PLAYER_HOME,
  preferMock,
  preferMockNow,
  RESPONSIVE,
  test,
} from './support'

type PlayerInfo = { player: { displayName: string } }
type Agency = { name: string; social: Record<string, string> }

const agency = example<Agency>('getAgencyInfo', '200')
const { displayName } = example<PlayerInfo>('getPlayerInfo', '200').player

const banner = (page: Page) => page.getByRole('banner')

test.describe('header', () => {
  test('a visitor sees logo, contact, language, Login and Register', async ({ page }) => {
    await page.goto('/about')
    const header = banner(page)
    await expect(
      header.getByRole('link', { name: m.nav_home_link({ name: agency.name }) }),
    ).toHaveAttribute('href', '/')
    await expect(header.getByRole('link', { name: m.nav_login() })).toHaveAttribute(
      'href',
      '/login',
    )
    await expect(header.getByRole('link', { name: m.nav_register() })).toHaveAttribute(
      'href',
      '/register',
    )
    await expect(
      header.getByRole('button', { name: m.lang_button({ language: 'ພາສາລາວ' }) }),
    ).toBeVisible()
    await expect(header.getByRole('button', { name: m.nav_contact() })).toBeVisible()
    await expect(header.getByRole('button', { name: displayName })).toHaveCount(0)
    await expect(header.getByRole('link', { name: m.nav_deposit() })).toHaveCount(0)

    await header.getByRole('link', { name: m.nav_home_link({ name: agency.name }) }).click()
    await expect(
      page.getByRole('heading', { level: 1, name: m.agency_welcome({ name: agency.name }) }),
    ).toBeVisible()
  })

  test.describe('as a player', () => {
    test.use({ asPlayer: true })

    test(
      'a player sees Deposit (not on phones) and the user menu',
      RESPONSIVE,
      async ({ page }) => {
        // This test logs out, and the mock then refuses the cookie: its own login, not the
        // worker's shared session.
        await page.context().clearCookies()
        await logInByApi(page)
        await page.goto(PLAYER_HOME)
        const header = banner(page)
        const userMenu = header.getByRole('button', { name: displayName })
        await expect(userMenu).toBeVisible()
        await expect(header.getByRole('link', { name: m.nav_login() })).toHaveCount(0)
        await expect(header.getByRole('link', { name: m.nav_register() })).toHaveCount(0)
        const deposit = header.getByRole('link', { name: m.nav_deposit() })
        if (isPhone(page)) await expect(deposit).toBeHidden()
        else await expect(deposit).toHaveAttribute('href', '/player/deposit')

        await userMenu.click()
        await page.getByRole('menuitem', { name: m.account_change_password() }).click()
        const dialog = page.getByRole('dialog', { name: m.account_change_password() })
        await expect(dialog).toBeVisible()
        await page.keyboard.press('Escape')
        await expect(dialog).toBeHidden()

        // From the keyboard: an arrow opens the menu on its first entry, Escape closes it and
        // gives the focus back to its button (src/widgets/lazy-menu.tsx, MenuTrigger's behaviour).
        await userMenu.focus()
        await page.keyboard.press('ArrowDown')
        await expect(page.getByRole('menuitem').first()).toBeFocused()
        await page.keyboard.press('Escape')
        await expect(page.getByRole('menu')).toHaveCount(0)
        await expect(userMenu).toBeFocused()

        await userMenu.click()
        await page.getByRole('menuitem', { name: m.account_logout() }).click()
        await expect(header.getByRole('link', { name: m.nav_login() })).toBeVisible()
      },
    )
  })

  test(
    'contact links open in a new tab, http(s) only: a dropdown or a bottom drawer',
    RESPONSIVE,
    async ({ page }) => {
      await page.goto('/about')
      await banner(page).getByRole('button', { name: m.nav_contact() }).click()
      const expected = Object.values(agency.social).filter((url) => /^https?:\/\//.test(url))
      const container = isPhone(page)
        ? page.getByRole('dialog', { name: m.nav_contact() })
        : page.getByRole('menu', { name: m.nav_contact() })
      const links = container.getByRole(isPhone(page) ? 'link' : 'menuitem')
      await expect(links).toHaveCount(expected.length)
      for (const link of await links.all()) {
        expect(expected).toContain(await link.getAttribute('href'))
        await expect(link).toHaveAttribute('target', '_blank')
        await expect(link).toHaveAttribute('rel', 'noopener noreferrer')
      }
      if (isPhone(page)) {
        await container.getByRole('button', { name: m.layout_close() }).click()
        await expect(container).toBeHidden()
      }
    },
  )
})

test.describe('side drawer', () => {
  test.describe('as a player', () => {
    test.use({ asPlayer: true })

    test(
      'a player opens it, sees both groups, the active entry, and it closes on a choice',
      RESPONSIVE,
      async ({ page }) => {
        await page.goto(PLAYER_HOME)
        await banner(page).getByRole('button', { name: m.nav_open_menu() }).click()
        const drawer = page.getByRole('dialog', { name: m.nav_menu() })
        await expect(drawer).toBeVisible()
        // From the left edge, 393 px wide (never wider than the screen), once it has slid in.
        const width = Math.min(393, page.viewportSize()?.width ?? 0)
        await expect.poll(async () => await drawer.boundingBox()).toMatchObject({ x: 0, width })

        const nav = drawer.getByRole('navigation', { name: m.nav_main() })
        await expect(nav.getByRole('link')).toHaveCount(11)
        await expect(nav.getByRole('separator')).toHaveCount(1)
        await expect(nav.locator('[aria-current="page"]')).toHaveCount(1)
        await expect(nav.getByRole('link', { name: 'AskMeBet' })).toHaveAttribute(
          'aria-current',
          'page',
        )

        await nav.getByRole('link', { name: m.nav_bank_account() }).click()
        await expect(drawer).toBeHidden()
        await expect(page).toHaveURL(/\/player\/bank$/)

        await banner(page).getByRole('button', { name: m.nav_open_menu() }).click()
        await expect(
          page
            .getByRole('dialog', { name: m.nav_menu() })
            .getByRole('link', { name: m.nav_bank_account() }),
        ).toHaveAttribute('aria-current', 'page')
        await page
          .getByRole('dialog', { name: m.nav_menu() })
          .getByRole('button', { name: m.layout_close() })
          .click()
        await expect(page.getByRole('dialog', { name: m.nav_menu() })).toBeHidden()
      },
    )
  })

  test('a visitor gets Login and Register', async ({ page }) => {
    await page.goto('/about')
    await banner(page).getByRole('button', { name: m.nav_open_menu() }).click()
    const nav = page.getByRole('dialog', { name: m.nav_menu() }).getByRole('navigation')
    await expect(nav.getByRole('link')).toHaveCount(2)
    await nav.getByRole('link', { name: m.nav_register() }).click()
    await expect(page).toHaveURL(/\/register$/)
    await expect(page.getByRole('dialog', { name: m.nav_menu() })).toBeHidden()
  })
})

test.describe('as a player', () => {
  test.use({ asPlayer: true })

  test('the bottom app bar shows only on phones', RESPONSIVE, async ({ page }) => {
    await page.goto('/player/bank')
    const bar = page.getByRole('navigation', { name: m.nav_quick() })
    if (!isPhone(page)) {
      await expect(bar).toBeHidden()
      return
    }
    await expect(bar).toBeVisible()
    const hrefs = await bar
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')))
    expect(hrefs).toEqual(['/player/deposit', '/player/withdraw', PLAYER_HOME, '/player/bank'])
    await expect(bar.getByRole('link', { name: m.nav_bank_short() })).toHaveAttribute(
      'aria-current',
      'page',
    )
    await bar.getByRole('button', { name: m.nav_contact_short() }).click()
    await expect(page.getByRole('dialog', { name: m.nav_contact() })).toBeVisible()
  })
})

test('the bottom bar appears at 576 px and goes at 577 px', async ({ page }) => {
  await page.setViewportSize({ width: 576, height: 800 })
  await page.goto('/about')
  const bar = page.getByRole('navigation', { name: m.nav_quick() })
  await expect(bar).toBeVisible()
  await page.setViewportSize({ width: 577, height: 800 })
  await expect(bar).toBeHidden()
})

test('the footer stacks below 769 px and sits side by side from 769 px', async ({ page }) => {
  await page.setViewportSize({ width: 768, height: 900 })
  await page.goto('/about')
  const footer = page.getByRole('contentinfo')
  const categories = footer.getByRole('heading', { name: m.footer_categories() })
  const providers = footer.getByRole('heading', { name: m.footer_providers() })
  await expect(categories).toBeVisible()
  const stacked = [await categories.boundingBox(), await providers.boundingBox()]
  expect(stacked[1]?.y ?? 0).toBeGreaterThan((stacked[0]?.y ?? 0) + 20)
  await expect(categories).toHaveCSS('text-align', 'center')

  await page.setViewportSize({ width: 769, height: 900 })
  await expect(categories).toHaveCSS('text-align', 'left')
  const side = [await categories.boundingBox(), await providers.boundingBox()]
  expect(side[1]?.y).toBe(side[0]?.y)
  expect(side[1]?.x ?? 0).toBeGreaterThan(side[0]?.x ?? 0)

  await expect(footer.getByRole('img')).toHaveCount(6)
  await expect(
    footer.getByText(
      m.footer_copyright({ year: String(new Date().getFullYear()), name: agency.name }),
    ),
  ).toBeVisible()
})

test('the footer links lead to real pages', async ({ page }) => {
  await page.goto('/')
  const footer = page.getByRole('contentinfo')
  for (const [name, path] of [
    [m.pages_about_title(), '/about'],
    [m.pages_service_title(), '/service'],
    [m.pages_how_to_play_title(), '/how-to-play'],
  ] as const) {
    await footer.getByRole('link', { name }).click()
    await expect(page).toHaveURL(new RegExp(`${path}$`))
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  }
})

test('scroll-to-top appears past 500 px and brings the page back to the top', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('contentinfo')).toBeVisible()
  const button = page.getByRole('button', { name: m.layout_scroll_to_top() })
  await expect(button).toHaveCount(0)
  await page.evaluate(() => window.scrollTo(0, 400))
  await expect(button).toHaveCount(0)
  await page.evaluate(() => window.scrollTo(0, 700))
  await expect(button).toBeVisible()
  await button.click()
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  await expect(button).toHaveCount(0)
})

test('an unknown URL shows the Not Found page inside the layout', async ({ page }) => {
  await page.goto('/no-such-page')
  await expect(page.getByRole('heading', { level: 1, name: m.notfound_title() })).toBeVisible()
  await expect(page.getByRole('banner')).toBeVisible()
  await page.getByRole('main').getByRole('link', { name: m.notfound_home() }).click()
  await expect(
    page.getByRole('heading', { level: 1, name: m.agency_welcome({ name: agency.name }) }),
  ).toBeVisible()
})

test('offline shows a banner, and it goes when back online', async ({ page, context }) => {
  await page.goto('/about')
  await expect(page.getByRole('heading', { level: 1, name: m.pages_about_title() })).toBeVisible()
  await context.setOffline(true)
  await expect(page.getByText(m.offline_banner())).toBeVisible()
  await context.setOffline(false)
  await expect(page.getByText(m.offline_banner())).toBeHidden()
})

test('pages load lazily: a page chunk is fetched on intent, before the click', async ({ page }) => {
  await page.goto('/')
  const chunk = page.waitForRequest((request) => /\/how-to-play[^/]*\.(tsx|js)/.test(request.url()))
  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: m.pages_how_to_play_title() })
    .hover()
  await chunk
})

test.describe('agency info (the layout does not wait for it)', () => {
  test('the login page draws while agency info is on its way; the agency then fills in', async ({
    page,
  }) => {
    // Agency info is held back until the page has drawn without it.
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/v2/agency/info', async (route) => {
      await held
      await route.continue()
    })
    await page.goto('/login')
    const header = banner(page)
    await expect(page.getByRole('button', { name: m.login_submit(), exact: true })).toBeVisible()
    await expect(header.getByRole('link', { name: m.nav_home(), exact: true })).toBeVisible()
    await expect(header.getByRole('link', { name: m.nav_register() })).toBeVisible()
    const layout = await page.getByRole('main').boundingBox()

    release()
    await expect(
      header.getByRole('link', { name: m.nav_home_link({ name: agency.name }) }),
    ).toBeVisible()
    await expect(page.getByRole('contentinfo')).toContainText(agency.name)
    await expect(page).toHaveTitle(m.agency_meta_title({ name: agency.name }))
    // Nothing moved when it came (the logo's placeholder has the logo's size).
    expect(await page.getByRole('main').boundingBox()).toEqual(layout)
  })

  test('a failure replaces the site with the error panel, whose retry asks again', async ({
    page,
  }) => {
    await preferMock(page, { getAgencyInfo: 'code=500' })
    await page.goto('/login')
    const alert = page.getByRole('alert')
    await expect(alert.getByRole('heading', { name: m.error_something_went_wrong() })).toBeVisible()
    await expect(page.getByRole('banner')).toHaveCount(0)

    await preferMockNow(page, {})
    await alert.getByRole('button', { name: m.error_try_again() }).click()
    await expect(
      banner(page).getByRole('link', { name: m.nav_home_link({ name: agency.name }) }),
    ).toBeVisible()
    await expect(page.getByRole('button', { name: m.login_submit(), exact: true })).toBeVisible()
  })
})

test.describe("the HTML's loading ring", () => {
  // The app's script held back: the HTML's shell stays, as it does on a slow first load.
  test.beforeEach(async ({ page }) => {
    await page.route(/\.js$/, (route) => route.abort())
  })

  const shellRing = (page: Page) => page.locator('#html-shell .rounded-full.border-t-accent')
  /**
   * The ring's rotation in degrees (0 while it stands still) and its animation's time, read in
   * one task so that both describe the same moment (read apart, a busy machine let the second
   * pass between the two reads).
   */
  const ringNow = (page: Page) =>
    shellRing(page).evaluate((ring) => {
      const time = Number(ring.getAnimations()[0]?.currentTime ?? Number.NaN)
      const { transform } = getComputedStyle(ring)
      if (transform === 'none') return { time, turn: 0 }
      const [a = 1, b = 0] = new DOMMatrix(transform).toFloat64Array()
      return { time, turn: Math.round((Math.atan2(b, a) * 180) / Math.PI) }
    })

  for (const motion of ['no-preference', 'reduce'] as const) {
    test(`stands still for the wait's first second, then turns (motion: ${motion})`, async ({
      page,
    }) => {
      await page.emulateMedia({ reducedMotion: motion })
      await page.goto('/player/deposit')
      const ring = shellRing(page)
      await expect(ring).toBeVisible()
      const timing = await ring.evaluate((element) => {
        const computed = element.getAnimations()[0]?.effect?.getComputedTiming()
        return { delay: computed?.delay, iterations: computed?.iterations }
      })
      // It turns for ever once it starts (a wait's ring, not a one-off motion)...
      expect(timing.delay).toBe(1000)
      expect(timing.iterations).toBe(Infinity)
      // ...and not before its second is up.
      const now = await ringNow(page)
      if (now.time < 900) expect(now.turn).toBe(0)
      await expect.poll(async () => (await ringNow(page)).turn, { timeout: 3000 }).not.toBe(0)
    })
  }
})

test.describe("the date formatter (ICU's first date format, a long task on a phone)", () => {
  /** Counts the formatters made for a time zone (the app's dates; the device's zone has none). */
  const countZonedFormatters = () => {
    const counter = window as unknown as { __zonedFormatters: number }
    counter.__zonedFormatters = 0
    Intl.DateTimeFormat = new Proxy(Intl.DateTimeFormat, {
      construct(target, args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
        if (args[1]?.timeZone) counter.__zonedFormatters++
        return new target(...args)
      },
    })
  }
  /**
   * The page's idle work done (the overlays' code fetched at idle, after the first screen):
   * no request started or ended for two seconds, then two idle moments, where the formatter
   * is made if it is to be. (The e2e page's clock is Playwright's, whose `performance` keeps
   * no user-timing marks: the app's own idle mark cannot be read here.)
   */
  async function zonedFormattersAfterIdleWork(page: Page, path: string) {
    await page.addInitScript(countZonedFormatters)
    const network = { pending: 0, last: Date.now() }
    const seen = (change: number) => () => {
      network.pending += change
      network.last = Date.now()
    }
    page.on('request', seen(1))
    page.on('requestfinished', seen(-1))
    page.on('requestfailed', seen(-1))
    await page.goto(path)
    await expect
      .poll(() => network.pending === 0 && Date.now() - network.last >= 2_000, { timeout: 20_000 })
      .toBe(true)
    return page.evaluate(async () => {
      const idle = () => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2_000 }))
      await idle()
      await idle()
      return (window as unknown as { __zonedFormatters: number }).__zonedFormatters
    })
  }

  test('is made at idle for a signed-in player, whose taps show dates', async ({ page }) => {
    await logInByApi(page)
    expect(await zonedFormattersAfterIdleWork(page, '/player/bank')).toBeGreaterThan(0)
  })

  test("is never made on a visitor's pages, whose taps show none", async ({ page }) => {
    expect(await zonedFormattersAfterIdleWork(page, '/about')).toBe(0)
  })
})
