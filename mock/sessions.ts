// Per-session state of the mock layer: what transitions changed, per session cookie and
// scenario, the answers kept per Idempotency-Key, and which session cookies were logged out. In memory and bounded: the least
// recently used session is dropped past `max` (a Map keeps insertion order, so re-inserting
// on use makes the first key the oldest).
import type { OutgoingHttpHeaders } from 'node:http'
import { AS_SCENARIO, type Choices } from './scenarios'

/** What a keyed request answered (kept to replay it), or that it is still being answered. */
export type KeptAnswer =
  | { state: 'in-flight'; request: string }
  | { state: 'done'; request: string; status: number; headers: OutgoingHttpHeaders; body: Buffer }

/** What a session sent that later answers repeat (mock/echo.ts), and when it started. */
export type Memory = {
  /** Epoch ms of the login that made the session (or of its first request the layer saw). */
  startedAt: number
  /** Ms the session's clock runs ahead of the real one (`POST /__mock/advance`), 0 by default. */
  ahead?: number
  username?: string
  bankAccount?: Record<string, unknown>
}

/** Keys kept per session: a player makes one per submit, so this is a long walk's worth. */
const KEYS_PER_SESSION = 200

/** Per session and scenario: operations moved by a call, and the timed moves that fired. */
export type Timeline = { moved: Set<string>; fired: Set<number> }

export class Sessions {
  private readonly changes = new Map<string, Map<string, Choices>>()
  private readonly ended = new Map<string, true>()
  private readonly answers = new Map<string, Map<string, KeptAnswer>>()
  private readonly memories = new Map<string, Memory>()
  /** Per session and scenario: operations a call's transition set, and timed moves fired. */
  private readonly timeline = new Map<string, Map<string, Timeline>>()

  constructor(readonly max: number) {
    if (!Number.isInteger(max) || max < 1) throw new Error(`session bound must be >= 1: ${max}`)
  }

  /** What transitions set for the session in the scenario (nothing for a fresh session). */
  changed(sid: string, scenario: string): Choices {
    const session = this.changes.get(sid)
    if (!session) return {}
    this.touch(sid, session)
    return session.get(scenario) ?? {}
  }

  /** What a call's transition moved and which timed moves fired (scenarios.ts `timed`). */
  timelineOf(sid: string, scenario: string): Timeline {
    const session = this.timeline.get(sid) ?? new Map<string, Timeline>()
    const found = session.get(scenario) ?? { moved: new Set<string>(), fired: new Set<number>() }
    session.set(scenario, found)
    this.timeline.delete(sid)
    this.timeline.set(sid, session)
    bound(this.timeline, this.max)
    return found
  }

  /** A call's transition: `then` from now on, and its operations count as moved. */
  apply(sid: string, scenario: string, then: Choices) {
    const { moved } = this.timelineOf(sid, scenario)
    for (const id of Object.keys(then)) moved.add(id)
    this.set(sid, scenario, then)
  }

  /** A timed move (index `index` of the scenario's `timed`): `then` from now on, once. */
  applyTimed(sid: string, scenario: string, index: number, then: Choices | undefined) {
    this.timelineOf(sid, scenario).fired.add(index)
    if (then) this.set(sid, scenario, then)
  }

  private set(sid: string, scenario: string, then: Choices) {
    const session = this.changes.get(sid) ?? new Map<string, Choices>()
    const next: Choices = { ...session.get(scenario), ...then }
    for (const [id, choice] of Object.entries(then)) {
      if (choice === AS_SCENARIO) delete next[id as keyof Choices]
    }
    session.set(scenario, next)
    this.touch(sid, session)
  }

  /** The answer kept for an Idempotency-Key of the session (keyed with the operation). */
  kept(sid: string, key: string): KeptAnswer | undefined {
    return this.answers.get(sid)?.get(key)
  }

  keep(sid: string, key: string, answer: KeptAnswer) {
    const session = this.answers.get(sid) ?? new Map<string, KeptAnswer>()
    session.delete(key)
    session.set(key, answer)
    bound(session, KEYS_PER_SESSION)
    this.answers.delete(sid)
    this.answers.set(sid, session)
    bound(this.answers, this.max)
  }

  /** The session's memory, begun now when it has none. */
  memory(sid: string, now: number): Memory {
    const found = this.memories.get(sid) ?? { startedAt: now }
    this.memories.delete(sid)
    this.memories.set(sid, found)
    bound(this.memories, this.max)
    return found
  }

  remember(sid: string, now: number, what: Partial<Memory>) {
    Object.assign(this.memory(sid, now), what)
  }

  /** The session's "now": the real clock plus what `advance` moved it on. */
  nowOf(sid: string | undefined, now: number): number {
    return now + ((sid && this.memories.get(sid)?.ahead) || 0)
  }

  /**
   * Moves the session's clock on by `ms`: its timed moves and every date of its answers behave
   * as if that much more time had passed (a test that fast-forwards the page's clock does the
   * same here instead of waiting). A reset puts it back on the real clock.
   */
  advance(sid: string, ms: number, now: number) {
    const memory = this.memory(sid, now)
    memory.ahead = (memory.ahead ?? 0) + ms
  }

  forget(sid: string, key: string) {
    this.answers.get(sid)?.delete(key)
  }

  /** Logout: forget the session and refuse its cookie from now on. */
  end(sid: string) {
    this.changes.delete(sid)
    this.answers.delete(sid)
    this.memories.delete(sid)
    this.timeline.delete(sid)
    this.ended.delete(sid)
    this.ended.set(sid, true)
    bound(this.ended, this.max)
  }

  isEnded(sid: string) {
    return this.ended.has(sid)
  }

  /** A session back to its scenario's start (a logged-out cookie stays refused), or all of them. */
  reset(sid?: string, now = Date.now()) {
    if (sid === undefined) {
      this.changes.clear()
      this.ended.clear()
      this.answers.clear()
      this.memories.clear()
      this.timeline.clear()
    } else {
      this.changes.delete(sid)
      this.answers.delete(sid)
      this.timeline.delete(sid)
      // What the player sent stays (the same login, the same bank account); the clock of a
      // scenario that counts from the session's start begins again.
      const memory = this.memories.get(sid)
      if (memory) {
        memory.startedAt = now
        delete memory.ahead
      }
    }
  }

  get size() {
    return this.changes.size
  }

  private touch(sid: string, session: Map<string, Choices>) {
    this.changes.delete(sid)
    this.changes.set(sid, session)
    bound(this.changes, this.max)
  }
}

function bound(map: Map<string, unknown>, max: number) {
  for (const key of map.keys()) {
    if (map.size <= max) return
    map.delete(key)
  }
}
