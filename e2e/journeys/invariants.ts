// What must hold after every command of every journey, whatever the player and the network
// did. A violation throws, which fails the journey and lets fast-check shrink it.
import { responseExamples } from '../../generated/api/examples'
import {
  errorStateWithRetry,
  FORBIDDEN_TEXT,
  spinnerVisible,
  visibleProblems,
} from '../../fuzz/oracle'
import { sleep } from '../settle'
import type { Journey, KeyedPost } from './journey'
import { leftPage, type Locale, type Model } from './model'

/** A spinner still turning this long after a command began is a failure. */
export const SPINNER_LIMIT_MS = 10_000
/** The main area may say nothing (no text, no announced loading state) this long at most. */
export const SILENCE_LIMIT_MS = 2_500

export class InvariantError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'))
  }
}

/** Every string of the contract's examples (the mock's data: names, titles) in any script. */
const DATA_TEXT = (() => {
  const strings = new Set<string>()
  const walk = (value: unknown) => {
    if (typeof value === 'string') {
      if (/[^\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}]/u.test(value))
        strings.add(value)
    } else if (value && typeof value === 'object') Object.values(value).forEach(walk)
  }
  walk(responseExamples)
  // Longest first: a title is removed whole before a shorter name inside it.
  return [...strings].sort((a, b) => b.length - a.length)
})()

/**
 * Text of another language than `locale` in the page: a script no word of that language uses.
 * Lao, Thai and Chinese are told apart by script; Vietnamese by its own letters (ă đ ơ ư and
 * the tone-marked vowels). What is marked as another language (`lang`, the language menu's
 * names), what the player typed and the mock's data are left out. Runs in the page.
 */
export function foreignText([locale, data]: [Locale, string[]]): string[] {
  const SCRIPTS = {
    lo: /[\u0e80-\u0eff]+/,
    // ฿ (U+0E3F) is the baht's sign in every language, not Thai text.
    th: /[\u0e00-\u0e3e\u0e40-\u0e7f]+/,
    cn: /[\u3400-\u4dbf\u4e00-\u9fff]+/,
    vn: /[ăđơưĂĐƠƯ\u1ea0-\u1ef9]+/,
  }
  const pageLang = document.documentElement.lang
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
  let text = ''
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement
    if (!parent || parent.closest('script, style, noscript, [hidden], [aria-hidden="true"]'))
      continue
    if (parent.closest('[lang]')?.getAttribute('lang') !== pageLang) continue
    if (!parent.checkVisibility()) continue
    text += ` ${node.textContent ?? ''}`
  }
  for (const known of data) text = text.split(known).join(' ')
  const found: string[] = []
  for (const [other, script] of Object.entries(SCRIPTS)) {
    if (other === locale) continue
    const match = script.exec(text)
    if (match) {
      const start = Math.max(0, match.index - 20)
      found.push(`${other} text in ${locale}: …${text.slice(start, match.index + 30).trim()}…`)
    }
  }
  return found
}

/** The main area now: its text, whether it announces loading, whether it is only an error. */
function mainState() {
  const main = document.querySelector('main')
  const scope = main ?? document.body
  const text = main?.innerText.trim() ?? ''
  const loading = [...document.querySelectorAll('[role="status"], [aria-busy="true"]')].some(
    (el) => (el as HTMLElement).checkVisibility() && (el.textContent ?? '').trim().length > 0,
  )
  const alerts = [...scope.querySelectorAll('[role="alert"]')]
  const alertText = alerts.map((el) => (el as HTMLElement).innerText).join('')
  return {
    says: text.length > 0 || loading,
    /** Data drawn: text in the main area and nothing loading. */
    drawn: text.length > 0 && !loading,
    /** Only an error state left: the alert holds (nearly) all the main area says. */
    onlyError: alerts.length > 0 && text.length - alertText.trim().length < 20,
  }
}

/**
 * Watches, while a command runs, that the main area is never silent for longer than
 * SILENCE_LIMIT_MS once an API call failed: the player (and a screen reader) is told the page
 * still loads or what failed, not left with a bare ring while retries go on. Silence before
 * any failure is a slow machine's, not the page's.
 */
export function watchSilence(journey: Journey) {
  let silentSince: number | null = null
  let longest = 0
  let running = true
  const sampling = (async () => {
    while (running) {
      const state = await journey.page.evaluate(mainState).catch(() => null)
      const now = Date.now()
      const failed = journey.lastFailureAt >= journey.commandStartedAt
      if (state && !state.says && failed) silentSince ??= now
      else silentSince = null
      if (silentSince !== null) longest = Math.max(longest, now - silentSince)
      await sleep(250)
    }
  })()
  return async () => {
    running = false
    await sampling
    return longest > SILENCE_LIMIT_MS
      ? [
          `the main area said nothing (no text, no announced loading) for ${(longest / 1000).toFixed(1)} s after a call failed`,
        ]
      : []
  }
}

/** Whether an answer to a keyed POST was final, after which a new press is a new intent. */
const isFinal = (post: KeyedPost) =>
  post.answered && post.status < 500 && post.status !== 408 && post.status !== 429

/** At most one money POST per intent: one key per press, the same key for its retries. */
function keyedProblems(journey: Journey): string[] {
  const problems: string[] = []
  const now = journey.keyed.filter((post) => post.command === journey.command)
  const earlier = journey.keyed.filter((post) => post.command < journey.command)
  const pressed = journey.presses.includes(journey.command)
  for (const post of now) {
    if (!post.key) problems.push(`${post.op} sent without an Idempotency-Key`)
    const before = earlier.filter((p) => p.op === post.op && p.key === post.key)
    if (before.some((p) => p.body !== post.body)) {
      problems.push(`${post.op}: Idempotency-Key ${post.key} reused for another body`)
    }
    if (!pressed && !before.length) {
      problems.push(`${post.op} sent with a new key ${post.key} without a press`)
    }
    // A new key for the same body while the last try of that body had no final answer: if
    // the server did act, this is a second order.
    const sameBody = earlier.filter((p) => p.op === post.op && p.body === post.body)
    const last = sameBody.at(-1)
    if (last && last.key !== post.key && !isFinal(last) && !before.length) {
      problems.push(
        `${post.op}: a new key ${post.key} after ${last.key} got no final answer (${last.status || 'none'}): a second order`,
      )
    }
  }
  const keys = (op: string) => new Set(now.filter((p) => p.op === op).map((p) => p.key))
  for (const op of new Set(now.map((p) => p.op))) {
    if (keys(op).size > 1) problems.push(`${op}: ${keys(op).size} keys sent for one press`)
  }
  return problems
}

/** Where the page went by itself, and whether it was allowed to. */
function movedProblems(model: Model, journey: Journey): string[] {
  const where = journey.where()
  const path = where.split('?')[0] ?? ''
  const problems: string[] = []
  if (journey.redirectAsked && model.loggedIn) {
    const asked = journey.redirectAsked.split('?')[0]
    if (path !== asked) problems.push(`logged in from /login?redirect=${asked}, landed on ${where}`)
  }
  journey.redirectAsked = null
  if (!path || path === model.path) return problems
  if (path === '/login') {
    const refused = journey.answers.slice(journey.sessionFrom).some((a) => a.status === 401)
    if (!refused) {
      problems.push(`sent to ${where} from ${model.path} though no call answered 401`)
    }
  }
  if (model.typed.size) {
    problems.push(
      `the page went from ${model.path} to ${where} by itself: typed ${[...model.typed.values()].join(', ')} gone`,
    )
  }
  leftPage(model, path)
  journey.heldData = false
  return problems
}

/** What the player typed, still in its field with the same text (digits and letters). */
async function typedProblems(model: Model, journey: Journey): Promise<string[]> {
  const problems: string[] = []
  const norm = (text: string) => text.replace(/[^\p{L}\p{N}]/gu, '')
  for (const [name, text] of model.typed) {
    const field = journey.page.locator(`main [name="${name}"], main [id="${name}"]`).first()
    const value = (await field.count()) ? await field.inputValue().catch(() => null) : null
    if (value === null) problems.push(`typed "${text}" into ${name}: the field is gone`)
    else if (norm(value) !== norm(text)) {
      problems.push(`typed "${text}" into ${name}: it now holds "${value}"`)
    }
  }
  return problems
}

/** A form that refuses a press says why: a field marked invalid or an alert. Runs in the page. */
function saysWhy() {
  return [...document.querySelectorAll('[aria-invalid="true"], [role="alert"]')].some((el) =>
    (el as HTMLElement).checkVisibility(),
  )
}

/** A press that sent nothing and said nothing: the button is dead to the player. */
async function pressProblems(journey: Journey): Promise<string[]> {
  if (!journey.presses.includes(journey.command)) return []
  const sent = (answer: Journey['answers'][number]) =>
    answer.command === journey.command && answer.method === 'POST'
  if (journey.answers.some(sent)) return []
  if (await journey.page.evaluate(saysWhy)) return []
  return ['the press sent nothing and said nothing']
}

/** What a page may show for a moment but not for good: judged again until the limit. */
async function passingProblems(model: Model, journey: Journey): Promise<string[]> {
  const { page } = journey
  const problems = await page.evaluate(visibleProblems, FORBIDDEN_TEXT)
  problems.push(
    ...(await page.evaluate(foreignText, [model.locale, DATA_TEXT] as [Locale, string[]])),
  )
  if (!model.offline && (await page.evaluate(spinnerVisible))) {
    problems.push(`a spinner still turns ${SPINNER_LIMIT_MS / 1000} s after the command`)
  }
  return problems
}

/** Throws when anything a player should never see happened during the last command. */
export async function assertInvariants(
  model: Model,
  journey: Journey,
  silence: string[],
): Promise<void> {
  if (!journey.where()) return
  const problems = [...silence, ...movedProblems(model, journey), ...keyedProblems(journey)]
  problems.push(...(await typedProblems(model, journey)), ...(await pressProblems(journey)))
  let passing = await passingProblems(model, journey)
  while (passing.length && Date.now() - journey.commandStartedAt < SPINNER_LIMIT_MS) {
    await sleep(250)
    passing = await passingProblems(model, journey)
  }
  problems.push(...passing)
  const state = await journey.page.evaluate(mainState)
  const errorState = state.onlyError && (await journey.page.evaluate(errorStateWithRetry))
  if (errorState && journey.heldData) {
    problems.push(`the page's data gave way to its error state on ${journey.where()}`)
  }
  if (!errorState && state.drawn && !passing.length) journey.heldData = true
  problems.push(...journey.errors.splice(0))
  if (problems.length) throw new InvariantError(problems)
}
