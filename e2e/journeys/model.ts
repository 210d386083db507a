// What the journeys believe about a player's session, next to the browser that lives it:
// what the player typed on the page open now, which language they chose, whether the server
// holds a session and an open order, and whether the network is up. Commands read it to
// decide whether they apply (`check`) and update it as they run; the invariants compare the
// page with it.
import { locales } from '../../generated/paraglide/runtime.js'

export type Locale = (typeof locales)[number]
export { locales }

/** Each language named in itself, as the language menu lists them (data, not messages). */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  lo: 'ພາສາລາວ',
  cn: '简体中文',
  vn: 'Tiếng Việt',
  th: 'ภาษาไทย',
}

/** Each language's `<html lang>` (src/lib/locale.ts says the same for the site). */
export const BCP47: Record<Locale, string> = { lo: 'lo', cn: 'zh-CN', vn: 'vi', th: 'th' }

/** Mock scenarios a journey may start in (mock/README.md, "Scenarios"). */
export const SCENARIOS = ['default', 'open-order', 'new-player'] as const
export type Scenario = (typeof SCENARIOS)[number]

export type Model = {
  locale: Locale
  scenario: Scenario
  /** The server holds a session for the browser's cookie. */
  loggedIn: boolean
  /** A deposit order is open on the server (the scenario's, or one this journey created). */
  orderOpen: boolean
  offline: boolean
  /** The page's path the model expects (`''` before the first page). */
  path: string
  /** What the player typed on the page open now: field name -> text. Gone with the page. */
  typed: Map<string, string>
  /** Pages opened by navigation in this tab, so Back has somewhere to go. */
  depth: number
}

export type Start = {
  locale: Locale
  scenario: Scenario
  loggedIn: boolean
  /** The first page, already filled (no `$param` left). */
  path: string
}

export function initialModel(start: Start): Model {
  return {
    locale: start.locale,
    scenario: start.scenario,
    loggedIn: start.loggedIn,
    orderOpen: start.scenario === 'open-order',
    offline: false,
    path: start.path,
    typed: new Map(),
    depth: 1,
  }
}

/** A new page in the tab: what was typed on the last one is gone with it. */
export function leftPage(model: Model, path: string) {
  model.path = path
  model.typed = new Map()
}
