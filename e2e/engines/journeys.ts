// The key journeys a player makes, written once for every engine (./drivers.ts): each finds
// what it presses by role and accessible name (the site's own messages), and after each step
// `settled` checks what must hold in every engine: no script error or unhandled rejection, no
// horizontal scroll, axe clean.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import jsQR from 'jsqr'
import { PNG } from 'pngjs'
import { LANGUAGE_NAMES } from '../journeys/model'
import { m } from '../messages'
import { CREDENTIALS } from '../player'
import { example } from '../contract'
import { IN_TRANSITION, PENDING_ANNOUNCEMENT, sleep } from '../settle'
import { INSTALL_ERROR_TRAP, type Tab } from './drivers'

const require = createRequire(import.meta.url)
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')

type Agency = { name: string; limits: { deposit: { min: string } } }
type PlayerInfo = { player: { displayName: string } }
const agency = example<Agency>('getAgencyInfo', '200')
const displayName = example<PlayerInfo>('getPlayerInfo', '200').player.displayName
const firstBank = example<{ banks: { name: string }[] }>('listBanks', '200').banks[0]!.name
const available = example<{ username: string }>('validateUsername', '200', 'available')
type Promotion = { id: string; title: string }
const daily = example<{ promotions: Promotion[] }>('listPromotions', '200').promotions[1]!
const laoQr = example<{ qr: string }>('getDepositLaoQr', '200', 'open')

/**
 * A page script that returns the first visible element of `role` whose accessible name holds
 * `name` (is `name`, with `exact`), inside `within` (a selector) when given. A radio's card
 * label is returned for the radio (react-aria keeps the input itself hidden).
 */
const FIND_FN = `
  function findElement(role, name, exact, within) {
    const selectors = {
      button: 'button,[role=button]', link: 'a[href],[role=link]',
      textbox: 'input:not([type=radio]):not([type=checkbox]):not([type=hidden]),textarea',
      radio: 'input[type=radio],[role=radio]', menuitem: '[role=menuitem]',
      menuitemradio: '[role=menuitemradio]', heading: 'h1,h2,h3,h4,h5,h6,[role=heading]',
      img: 'img,[role=img]', alertdialog: '[role=alertdialog]',
    }
    const norm = (s) => (s || '').replace(/\\s+/g, ' ').trim()
    const nameOf = (el) => {
      if (el.getAttribute('aria-label')) return el.getAttribute('aria-label')
      const ids = el.getAttribute('aria-labelledby')
      if (ids) return ids.split(' ').map((id) => (document.getElementById(id) || {}).textContent || '').join(' ')
      if (el.labels && el.labels.length) return Array.from(el.labels).map((l) => l.textContent).join(' ')
      return el.textContent || el.getAttribute('alt') || ''
    }
    const shown = (el) => {
      const box = ((el.type === 'radio' && el.closest('label')) || el).getBoundingClientRect()
      return box.width > 0 && box.height > 0
    }
    const root = within ? document.querySelector(within) : document
    if (!root) return null
    const found = Array.from(root.querySelectorAll(selectors[role])).find((el) => {
      const text = norm(nameOf(el))
      // The prerendered HTML's copy (inert, hidden from assistive technology) is not pressed:
      // the app's own replaces it.
      const live = !el.closest('[inert],[aria-hidden="true"]')
      return (exact ? text === name : text.includes(name)) && live && shown(el)
    })
    if (!found) return null
    return role === 'radio' ? found.closest('label') || found : found
  }
`
/** A page script returning the element found by `findElement(...arguments)`. */
export const FIND = `${FIND_FN}; return findElement.apply(null, arguments)`

type Find = [role: string, name: string, exact?: boolean, within?: string]
const find = (...[role, name, exact = false, within = '']: Find) =>
  [FIND, role, name, exact, within] as const

/** `promise`, or a failure naming `what` once `ms` have passed: a driver call never hangs a run. */
export function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms / 1000} s: ${what}`)), ms)
  })
  return Promise.race([promise, late]).finally(() => clearTimeout(timer))
}

/** Waits until the page script `body` returns something truthy. */
async function until<T>(tab: Tab, what: string, body: string, ...args: unknown[]): Promise<T> {
  const end = Date.now() + 20_000
  for (;;) {
    const value = await within(5_000, `${what} (a page script)`, tab.run<T>(body, ...args)).catch(
      () => undefined,
    )
    if (value) return value
    if (Date.now() > end) throw new Error(`waited 20 s for ${what}`)
    await sleep(150)
  }
}

const HAS_TEXT = 'return document.body.innerText.includes(arguments[0])'

/** Waits until the page shows `text` (a message with no role of its own to find it by). */
const showsText = (tab: Tab, text: string) => until(tab, `the text "${text}"`, HAS_TEXT, text)

/** Waits until an element of `role` named `name` is shown. */
const shows = (tab: Tab, ...[role, name, exact = false, within = '']: Find) =>
  until(
    tab,
    `${role} "${name}"`,
    `${FIND_FN}; return !!findElement.apply(null, arguments) || null`,
    role,
    name,
    exact,
    within,
  )

/**
 * Presses (or types into) what `query` finds once it is shown; retried while the page swaps it
 * (the prerendered HTML's copy handing over to the app's own, a lazy chunk drawing).
 */
async function act(tab: Tab, query: Find, text?: string) {
  const end = Date.now() + 20_000
  for (;;) {
    try {
      await shows(tab, ...query)
      const [finder, ...args] = find(...query)
      // In the middle of the view, as a player scrolls to it: at its edge the phone layout's
      // fixed bars may cover it (a driver's own scrolling stops at the edge).
      await tab.run(
        `${FIND_FN}; findElement.apply(null, arguments).scrollIntoView({ block: 'center' }); return true`,
        ...args,
      )
      if (text === undefined) await tab.press(finder, ...args)
      else await tab.type(finder, text, ...args)
      return
    } catch (error) {
      if (Date.now() > end) throw error
      await sleep(250)
    }
  }
}
const press = (tab: Tab, ...query: Find) => act(tab, query)
const type = (tab: Tab, text: string, ...query: Find) => act(tab, query, text)

/** What must hold after every step, in every engine. */
export async function settled(tab: Tab, step: string): Promise<string[]> {
  const problems: string[] = []
  const errors = await tab.takeErrors()
  if (errors.length) problems.push(`script errors: ${errors.join(' | ')}`)
  // No deploy happens during a run: an update offer would be one made for nothing.
  if (await tab.run<boolean>(HAS_TEXT, m.layout_update_text())) {
    problems.push('a "new version" offer with no new deploy')
  }
  const scroll = await tab.run<[number, number]>(
    'return [document.scrollingElement.scrollWidth, window.innerWidth]',
  )
  if (scroll[0] > scroll[1]) problems.push(`horizontal scroll: ${scroll[0]} > ${scroll[1]} px`)
  // axe reads a page at rest: the title set, no overlay still fading in or out.
  await until(
    tab,
    'the page at rest',
    `return document.title.trim() !== '' && !document.querySelector(arguments[0])`,
    IN_TRANSITION,
  )
  // A pending announcement of a button that gave way points at nothing until react-aria
  // removes it (../settle.ts): the Playwright suite moves its clock past it, here it is left out.
  const violations = await within(
    30_000,
    `axe on ${step}`,
    tab.run<string[]>(
      `if (!window.axe) { ${AXE_SOURCE}\n }
     const result = await window.axe.run({ exclude: [[arguments[0]]] }, { resultTypes: ['violations'] })
     return result.violations.map((v) => v.id + ': ' + v.nodes.map((n) => n.target.join(' ')).join(', '))`,
      PENDING_ANNOUNCEMENT,
    ),
  )
  if (violations.length) problems.push(`axe: ${violations.join(' | ')}`)
  return problems.map((problem) => `${step}: ${problem}`)
}

type Box = { x: number; y: number; w: number; h: number; r: number }

/**
 * Reads the QR image named `name` from a screenshot, as a phone camera would. Tried a few
 * times: a screenshot taken while the page still settles (the order's panel drawing, a scroll)
 * can catch it half-way.
 */
async function readQr(tab: Tab, name: string): Promise<string | undefined> {
  let decoded: string | undefined
  for (let attempt = 0; attempt < 5 && decoded === undefined; attempt++) {
    if (attempt) await sleep(400)
    const box = await until<Box>(
      tab,
      'the QR drawn',
      `${FIND_FN}
       const el = findElement.apply(null, arguments)
       if (!el || !el.getBoundingClientRect().width) return null
       el.scrollIntoView({ block: 'center' })
       const b = el.getBoundingClientRect()
       return { x: b.x, y: b.y, w: b.width, h: b.height, r: devicePixelRatio }`,
      'img',
      name,
      false,
      '',
    )
    const shot = PNG.sync.read(await tab.png())
    const [x, y] = [Math.round(box.x * box.r), Math.round(box.y * box.r)]
    const width = Math.min(Math.round(box.w * box.r), shot.width - x)
    const height = Math.min(Math.round(box.h * box.r), shot.height - y)
    if (x < 0 || y < 0 || width <= 0 || height <= 0) continue
    const crop = new PNG({ width, height })
    PNG.bitblt(shot, crop, x, y, width, height, 0, 0)
    decoded = jsQR(new Uint8ClampedArray(crop.data), width, height)?.data
  }
  return decoded
}

/** After a login or a registration: the player's home, their name on the account menu. */
async function atPlayerHome(tab: Tab) {
  await until(tab, 'the player home', "return location.pathname.startsWith('/player/')")
  await shows(tab, 'button', displayName)
}

/**
 * After the site sent the visitor to /login: the login form drawn and the page checked like
 * any other. Otherwise the next journey's navigation could cut off the login page's chunks
 * still loading, which Firefox reports as an error of its service worker.
 */
async function atLoginPage(tab: Tab, step: (name: string) => Promise<void>, name: string) {
  await until(tab, 'the login page', "return location.pathname === '/login'")
  await shows(tab, 'button', m.login_submit(), true)
  await step(name)
}

/** Opens a page of the site with a mock scenario and the error trap installed. */
async function open(tab: Tab, base: string, path: string, scenario = 'default') {
  const url = new URL(path, base)
  url.searchParams.set('scenario', scenario)
  // On a loaded machine WebKit once answered a navigation and stayed on the page before (from
  // another origin): the page is checked to be the one asked for, and asked again if not.
  for (let attempt = 1; attempt <= 3; attempt++) {
    await tab.goto(url.href)
    const at = await tab.run<string>('return location.origin + location.pathname')
    if (at === url.origin + url.pathname) break
    if (attempt === 3) throw new Error(`asked for ${url.pathname}, the browser stayed at ${at}`)
  }
  await tab.run(INSTALL_ERROR_TRAP)
}

export type Step = { name: string; problems: string[] }
export type Journey = {
  name: string
  /** Only at desktop width (a journey whose time is mostly waiting, layout covered elsewhere). */
  wideOnly?: boolean
  /** Leaves the player logged in: the formatted texts are read after it. */
  logsIn?: boolean
  /** Starts from no session: a retry after a try that logged in first ends it. */
  loggedOut?: boolean
  run: (tab: Tab, base: string, step: (name: string) => Promise<void>) => Promise<void>
}

export const JOURNEYS: Journey[] = [
  {
    name: 'landing and a language switch',
    loggedOut: true,
    async run(tab, base, step) {
      await open(tab, base, '/')
      await shows(tab, 'heading', m.agency_welcome({ name: agency.name }))
      await step('landing')
      await press(tab, 'button', m.lang_button({ language: LANGUAGE_NAMES.lo }), true)
      await press(tab, 'menuitemradio', LANGUAGE_NAMES.th, true)
      await until(tab, '<html lang="th">', "return document.documentElement.lang === 'th'")
      await shows(tab, 'heading', m.agency_welcome({ name: agency.name }, { locale: 'th' }))
      await step('in Thai')
      await tab.run('localStorage.clear(); return true')
    },
  },
  {
    name: 'register',
    loggedOut: true,
    async run(tab, base, step) {
      await open(tab, base, '/register')
      await type(tab, available.username, 'textbox', m.account_username(), true)
      await showsText(tab, m.register_username_available())
      await type(tab, CREDENTIALS.password, 'textbox', m.account_password(), true)
      await type(tab, CREDENTIALS.password, 'textbox', m.account_confirm_password(), true)
      await step('register form')
      await press(tab, 'button', m.register_submit(), true)
      await atPlayerHome(tab)
      await step('registered, the player home')
    },
  },
  {
    name: 'log out',
    async run(tab, base, step) {
      await open(tab, base, '/player/deposit')
      await shows(tab, 'button', displayName)
      await press(tab, 'button', displayName)
      await press(tab, 'menuitem', m.account_logout(), true)
      await until(tab, 'a visitor page', "return !location.pathname.startsWith('/player/')")
      await step('logged out')
      // The session is over on the server too: a player page sends the visitor to log in. The
      // next journey (log in) then starts from no session, however late the answer came.
      // (Not `open`: it checks the browser stays at the address asked for.)
      await tab.goto(new URL('/player/deposit?scenario=default', base).href)
      await atLoginPage(tab, step, 'a player page sends the visitor to log in')
    },
  },
  {
    name: 'log in',
    loggedOut: true,
    logsIn: true,
    async run(tab, base, step) {
      await open(tab, base, '/login')
      await type(tab, CREDENTIALS.username, 'textbox', m.account_username(), true)
      // Tabbing on from the username: the next control shows where the focus is.
      await tab.tab()
      const ring = await tab.run<string>(`
        const el = document.activeElement, style = getComputedStyle(el)
        const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0
        const shadow = style.boxShadow && style.boxShadow !== 'none'
        const within = el.closest('[data-focus-visible],[data-focus-within]')
        return outline || shadow || within ? '' : 'no visible focus on ' + el.outerHTML.slice(0, 80)`)
      if (ring) throw new Error(ring)
      await type(tab, CREDENTIALS.password, 'textbox', m.account_password(), true)
      await step('login form')
      await press(tab, 'button', m.login_submit(), true)
      await atPlayerHome(tab)
      await step('player home')
    },
  },
  {
    name: 'deposit to a QR, then cancel',
    async run(tab, base, step) {
      await open(tab, base, '/player/deposit')
      await shows(tab, 'radio', 'AskMeBet')
      await press(tab, 'radio', 'AskMeBet')
      await type(
        tab,
        agency.limits.deposit.min,
        'textbox',
        m.deposit_field_amount({ currency: 'LAK' }),
        true,
      )
      await step('deposit form')
      await press(tab, 'button', m.deposit_submit(), true)
      await shows(tab, 'heading', m.deposit_open_title(), true)
      const qrName = m.deposit_qr_label({ amount: '\u0000' }).split('\u0000')[0]!.trim()
      const decoded = await readQr(tab, qrName)
      if (decoded !== laoQr.qr) throw new Error(`the QR reads ${JSON.stringify(decoded)}`)
      await step('open order with its QR')
      await press(tab, 'button', m.deposit_cancel(), true)
      await shows(tab, 'alertdialog', m.deposit_cancel_confirm_title())
      await press(tab, 'button', m.deposit_cancel_confirm(), true, '[role=alertdialog]')
      await shows(tab, 'button', m.deposit_submit(), true)
      await step('canceled, the form again')
    },
  },
  {
    name: 'an order paid with no press',
    wideOnly: true,
    async run(tab, base, step) {
      await open(tab, base, '/player/deposit', 'paid-after-check')
      await shows(tab, 'heading', m.deposit_open_title(), true)
      // The page checks by itself (the contract's x-auto-check): ~16 s of real time here.
      const end = Date.now() + 40_000
      const paid = `${FIND_FN}; return !!findElement.apply(null, arguments)`
      while (!(await tab.run<boolean>(paid, 'heading', m.deposit_paid_title(), true, ''))) {
        if (Date.now() > end) throw new Error('the order never turned paid')
        await sleep(500)
      }
      await step('paid')
    },
  },
  {
    name: 'withdraw to an order',
    async run(tab, base, step) {
      await open(tab, base, '/player/withdraw')
      await press(tab, 'radio', 'GClub')
      await type(tab, '150', 'textbox', m.withdraw_credit_label({ currency: 'THB' }), true)
      // The payout quoted before the press.
      await until(
        tab,
        'the quote',
        `const region = Array.from(document.querySelectorAll('section,[role=region]')).find((el) => el.textContent.includes(arguments[0]))
         return !!region && /\\d/.test(region.textContent)`,
        m.withdraw_quote_title(),
      )
      await step('withdraw form with its quote')
      await press(tab, 'button', m.withdraw_submit(), true)
      await shows(tab, 'heading', m.withdraw_success_title(), true)
      await step('withdraw order')
    },
  },
  {
    name: 'claim a promotion',
    async run(tab, base, step) {
      await open(tab, base, `/player/promotion/${daily.id}`)
      await shows(tab, 'heading', daily.title)
      await press(tab, 'radio', 'Alphabet')
      await step('promotion with a provider chosen')
      await press(tab, 'button', m.promotion_claim(), true)
      await showsText(tab, m.promotion_in_use_notice())
      await step('promotion in use')
    },
  },
  {
    name: 'open a game',
    async run(tab, base, step) {
      await open(tab, base, '/player/game/askmebet')
      await shows(tab, 'button', m.game_play_named({ name: 'Mekong Treasure' }), true)
      await step('game list')
      await press(tab, 'button', m.game_play_named({ name: 'Mekong Treasure' }), true)
      // The provider's launch page, in the same tab (the mock's stands in for it).
      await until(tab, 'the launch page', "return location.pathname.endsWith('/launch.html')")
    },
  },
  {
    name: 'change password',
    async run(tab, base, step) {
      await open(tab, base, '/player/deposit')
      await press(tab, 'button', displayName)
      await press(tab, 'menuitem', m.account_change_password(), true)
      const dialog = '[role=dialog]'
      await type(tab, 'old-password-1', 'textbox', m.password_current_password(), true, dialog)
      await type(tab, 'new-password-1', 'textbox', m.password_new_password(), true, dialog)
      await type(tab, 'new-password-1', 'textbox', m.password_confirm_new_password(), true, dialog)
      await step('change password form')
      await press(tab, 'button', m.password_save(), true, dialog)
      await shows(tab, 'alertdialog', m.password_notification_success())
      await step('password changed')
      await press(tab, 'button', m.password_notification_close(), true, '[role=alertdialog]')
      // The server ended the session with the change: a new login.
      await atLoginPage(tab, step, 'after the change, the login page')
    },
  },
]

/**
 * The texts whose formatting is ours (money, dates): identical in every engine. `base` serves
 * a mock whose clock stands still (run.ts), so every engine reads the same dates. The page is
 * read once complete: the rows drawn and the banks' names in (the code stands in until then).
 */
export async function formattedTexts(tab: Tab, base: string) {
  await open(tab, base, '/player/deposit/history')
  await until(
    tab,
    'the history with its banks',
    "return document.querySelectorAll('[data-status]').length > 0 && document.querySelector('main').textContent.includes(arguments[0])",
    firstBank,
  )
  return tab.run<string>(
    "return document.querySelector('main').innerText.replace(/\\s+/g, ' ').trim()",
  )
}
