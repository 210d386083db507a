// What a player and their network do, as fast-check commands: each applies when the model
// says it can (`check`), acts on the real tab, updates the model, lets the page settle and
// then asks the invariants (invariants.ts) whether anything a player should never see
// happened. `toString` is how a journey is printed and replayed.
import fc from 'fast-check'
import type { AsyncCommand } from 'fast-check'
import { exampleOf } from '../../generated/api/examples'
import { m } from '../../generated/paraglide/messages.js'
import { CREDENTIALS } from '../player'
import { siteRoutes } from '../site-routes'
import { assertInvariants, watchSilence } from './invariants'
import type { Fault, FaultKind, Journey } from './journey'
import { BCP47, LANGUAGE_NAMES, leftPage, locales, type Locale, type Model } from './model'

type Command = AsyncCommand<Model, Journey>

const PROMOTION_ID = exampleOf<{ promotions: { id: string }[] }>('listPromotions', '200')
  .promotions[0]!.id
/** Every route of the site, its `$param` filled with an id the mock knows. */
export const ROUTES = siteRoutes().map((route) => route.replace('$promotionId', PROMOTION_ID))
/** Where money moves (a form with a keyed POST behind it): three pages opened in four are one. */
const MONEY_ROUTES = ['/player/deposit', '/player/withdraw', `/player/promotion/${PROMOTION_ID}`]
export const route: fc.Arbitrary<string> = fc.oneof(fc.constantFrom(...ROUTES), {
  arbitrary: fc.constantFrom(...MONEY_ROUTES.filter((path) => ROUTES.includes(path))),
  weight: 3,
})
const ACTION_TIMEOUT_MS = 3_000

/** The editable text fields of the page's main area, by the name the form gives them. */
const FIELDS =
  'main input:not([type=hidden]):not([type=checkbox]):not([type=radio]):not([readonly]):not([disabled]):visible, main textarea:visible'

const pathOf = (where: string) => where.split('?')[0] ?? ''

/** Runs a command's action, then the settle and the invariants every command ends with. */
async function step(model: Model, journey: Journey, command: Command, act: () => Promise<void>) {
  journey.begin(journey.command + 1)
  journey.log.push(command.toString())
  const silence = watchSilence(journey)
  await act()
  await journey.settle()
  await assertInvariants(model, journey, await silence())
}

/** The browser went somewhere by the player's hand: the model follows the address bar. */
function arrived(model: Model, journey: Journey) {
  leftPage(model, pathOf(journey.where()))
  journey.heldData = false
}

class Open implements Command {
  constructor(readonly route: string) {}
  check = (model: Readonly<Model>) => !model.offline
  async run(model: Model, journey: Journey) {
    await step(model, journey, this, async () => {
      await journey.goto(this.route)
      model.depth++
      arrived(model, journey)
    })
  }
  toString = () => `open ${this.route}`
}

class LogIn implements Command {
  check = (model: Readonly<Model>) => !model.loggedIn && !model.offline
  async run(model: Model, journey: Journey) {
    await step(model, journey, this, async () => {
      const { page } = journey
      if (pathOf(journey.where()) !== '/login') {
        await journey.goto('/login')
        model.depth++
      }
      const asked = new URL(page.url()).searchParams.get('redirect')
      const locale = { locale: model.locale }
      await page
        .getByRole('textbox', { name: m.account_username({}, locale), exact: true })
        .fill(CREDENTIALS.username, { timeout: ACTION_TIMEOUT_MS })
      await page
        .getByLabel(m.account_password({}, locale), { exact: true })
        .fill(CREDENTIALS.password, { timeout: ACTION_TIMEOUT_MS })
      const before = journey.answers.length
      await page
        .getByRole('button', { name: m.login_submit({}, locale), exact: true })
        .click({ timeout: ACTION_TIMEOUT_MS })
      await page.waitForURL((url) => url.pathname !== '/login', { timeout: 8_000 }).catch(() => {})
      const login = journey.answers.slice(before).find((a) => a.op === 'loginPlayer')
      if (login && login.status < 300) {
        model.loggedIn = true
        journey.sessionFrom = journey.answers.length
        journey.redirectAsked = asked
      }
      arrived(model, journey)
    })
  }
  toString = () => 'log in'
}

class Type implements Command {
  constructor(
    readonly field: number,
    readonly text: string,
  ) {}
  check = () => true
  async run(model: Model, journey: Journey) {
    await step(model, journey, this, async () => {
      const fields = journey.page.locator(FIELDS)
      const count = await fields.count()
      if (!count) return
      const field = fields.nth(this.field % count)
      const name = (await field.getAttribute('name')) || (await field.getAttribute('id')) || '?'
      await field.fill(this.text, { timeout: ACTION_TIMEOUT_MS })
      model.typed.set(name, this.text)
    })
  }
  toString = () => `type "${this.text}" into field ${this.field}`
}

class Press implements Command {
  check = () => true
  async run(model: Model, journey: Journey) {
    await step(model, journey, this, async () => {
      const { page } = journey
      const main = page.locator('main').first()
      const submit = main.locator('form button[type="submit"]:visible')
      const claim = main.getByRole('button', {
        name: m.promotion_claim({}, { locale: model.locale }),
        exact: true,
      })
      const target = (await submit.count()) ? submit.first() : claim.first()
      if (!(await target.count())) return
      // A button that stays disabled is no press (its form says why it waits).
      const pressed = await target.click({ timeout: ACTION_TIMEOUT_MS }).then(
        () => true,
        () => false,
      )
      if (pressed) journey.presses.push(journey.command)
      // What was typed went with the press: the answer decides what the page shows next.
      model.typed = new Map()
    })
    const created = journey.keyed.some(
      (post) =>
        post.command === journey.command && post.op === 'createDeposit' && post.status < 300,
    )
    if (created) model.orderOpen = true
  }
  toString = () => 'press the main action'
}

class LeaveAndComeBack implements Command {
  constructor(readonly minutes: number) {}
  check = () => true
  async run(model: Model, journey: Journey) {
    await step(model, journey, this, async () => {
      const { page } = journey
      const ms = this.minutes * 60_000
      // The tab hidden as a phone hides it when the player opens their bank app, its timers
      // moved on, the server's clock too, then shown and focused again: TanStack Query
      // refetches what went stale (5 minutes) on that focus.
      await page.evaluate((hidden) => {
        for (const [name, value] of [
          ['visibilityState', hidden ? 'hidden' : 'visible'],
          ['hidden', hidden],
        ] as const) {
          Object.defineProperty(document, name, { value, configurable: true })
        }
        document.dispatchEvent(new Event('visibilitychange'))
        window.dispatchEvent(new Event('blur'))
      }, true)
      await page.clock.fastForward(ms)
      if (model.loggedIn) await journey.mock(`/__mock/advance?ms=${ms}`, { method: 'POST' })
      await page.evaluate(() => {
        Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true })
        Object.defineProperty(document, 'hidden', { value: false, configurable: true })
        document.dispatchEvent(new Event('visibilitychange'))
        window.dispatchEvent(new Event('focus'))
      })
    })
  }
  toString = () => `leave the tab for ${this.minutes} min and come back`
}

class GoOffline implements Command {
  check = (model: Readonly<Model>) => !model.offline
  async run(model: Model, journey: Journey) {
    await step(model, journey, this, async () => {
      await journey.context.setOffline(true)
      model.offline = true
    })
  }
  toString = () => 'go offline'
}

class GoOnline implements Command {
  check = (model: Readonly<Model>) => model.offline
  async run(model: Model, journey: Journey) {
    await step(model, journey, this, async () => {
      await journey.context.setOffline(false)
      model.offline = false
    })
  }
  toString = () => 'go online'
}

class BreakNextCalls implements Command {
  constructor(
    readonly count: number,
    readonly fault: Fault,
  ) {}
  check = () => true
  async run(model: Model, journey: Journey) {
    await step(model, journey, this, async () => {
      for (let i = 0; i < this.count; i++) journey.faults.push(this.fault)
    })
  }
  toString = () =>
    this.fault.kind === 'chunk'
      ? `the next code chunk fails to load`
      : `the next ${this.count} API call(s): ${this.fault.kind}${this.fault.ms ? ` ${this.fault.ms} ms` : ''}`
}

class SwitchLanguage implements Command {
  constructor(readonly to: Locale) {}
  check = (model: Readonly<Model>) => model.locale !== this.to
  async run(model: Model, journey: Journey) {
    await step(model, journey, this, async () => {
      const { page } = journey
      const from = model.locale
      const button = page.getByRole('banner').getByRole('button', {
        name: m.lang_button({ language: LANGUAGE_NAMES[from] }, { locale: from }),
        exact: true,
      })
      // No header (a page that failed whole): the player cannot switch here.
      if (!(await button.isVisible())) return
      await button.click({ timeout: ACTION_TIMEOUT_MS })
      await page
        .getByRole('menuitemradio', { name: LANGUAGE_NAMES[this.to] })
        .click({ timeout: ACTION_TIMEOUT_MS })
      // The switch happens once the language's messages are in; if they cannot come, the page
      // stays in its language and says so (offline, the offline banner already says why, and
      // the toast's own code may not have come either): the model follows what the page did.
      const switched = page.locator(`html[lang="${BCP47[this.to]}"]`)
      const refused = page.getByText(m.lang_load_failed({}, { locale: from }))
      const outcome = switched.or(refused).first().waitFor({ timeout: ACTION_TIMEOUT_MS })
      if (model.offline) await outcome.catch(() => undefined)
      else await outcome
      if (await switched.count()) model.locale = this.to
    })
  }
  toString = () => `switch language to ${this.to}`
}

class Reload implements Command {
  check = (model: Readonly<Model>) => !model.offline
  async run(model: Model, journey: Journey) {
    await step(model, journey, this, async () => {
      await journey.page.reload({ waitUntil: 'load', timeout: 20_000 })
      arrived(model, journey)
    })
  }
  toString = () => 'reload'
}

class Back implements Command {
  check = (model: Readonly<Model>) => !model.offline && model.depth > 1
  async run(model: Model, journey: Journey) {
    await step(model, journey, this, async () => {
      await journey.page.goBack({ waitUntil: 'load', timeout: 20_000 })
      model.depth--
      arrived(model, journey)
    })
  }
  toString = () => 'press Back'
}

const FAULTS: Fault[] = (['503', 'html-502', 'mock-500-or-drop', 'dropped', 'chunk'] as FaultKind[])
  .map((kind): Fault => ({ kind }))
  .concat([
    { kind: 'slow', ms: 2_500 },
    { kind: 'slow', ms: 9_000 },
  ])

/**
 * The commands a journey draws from, by name (`--skip NAME` leaves some out while a known
 * failure is being fixed). Typing and pressing are drawn twice as often: a journey is short,
 * and a form is worth reaching.
 */
export const COMMANDS: Record<string, fc.Arbitrary<Command>[]> = {
  open: [route.map((path) => new Open(path))],
  login: [fc.constant(new LogIn())],
  type: Array.from({ length: 2 }, () =>
    fc
      .tuple(fc.nat(3), fc.constantFrom('100', '1500', '250000', '7', '12abc'))
      .map(([field, text]) => new Type(field, text)),
  ),
  press: [fc.constant(new Press()), fc.constant(new Press())],
  leave: [fc.constantFrom(1, 6, 30).map((minutes) => new LeaveAndComeBack(minutes))],
  offline: [fc.constant(new GoOffline()), fc.constant(new GoOnline())],
  fail: [
    fc
      .tuple(fc.integer({ min: 1, max: 3 }), fc.constantFrom(...FAULTS))
      .map(([count, fault]) => new BreakNextCalls(count, fault)),
  ],
  language: [fc.constantFrom(...locales).map((to) => new SwitchLanguage(to))],
  reload: [fc.constant(new Reload())],
  back: [fc.constant(new Back())],
}
