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

/** Keys kept per session: a player makes one per submit, so this is a long walk's worth. */
const KEYS_PER_SESSION = 200

export class Sessions {
  private readonly changes = new Map<string, Map<string, Choices>>()
  private readonly ended = new Map<string, true>()
  private readonly answers = new Map<string, Map<string, KeptAnswer>>()

  constructor(readonly max: number) {
    if (!Number.isInteger(max) || max < 1) throw new Error(`session bound must be >= 1: ${max}`)
  }

  /** What transitions set for this session in this scenario (nothing for a fresh session). */
  changed(sid: string, scenario: string): Choices {
    const session = this.changes.get(sid)
    if (!session) return {}
    this.touch(sid, session)
    return session.get(scenario) ?? {}
  }

  apply(sid: string, scenario: string, then: Choices) {
    const session = this.changes.get(sid) ?? new Map<string, Choices>()
    const next: Choices = { ...session.get(scenario), ...then }
    for (const [id, choice] of Object.entries(then)) {
      if (choice === AS_SCENARIO) delete next[id as keyof Choices]
    }
    session.set(scenario, next)
    this.touch(sid, session)
  }

  /** The answer kept for an Idempotency-Key of this session (keyed with the operation). */
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

  forget(sid: string, key: string) {
    this.answers.get(sid)?.delete(key)
  }

  /** Logout: forget the session and refuse its cookie from now on. */
  end(sid: string) {
    this.changes.delete(sid)
    this.answers.delete(sid)
    this.ended.delete(sid)
    this.ended.set(sid, true)
    bound(this.ended, this.max)
  }

  isEnded(sid: string) {
    return this.ended.has(sid)
  }

  /** One session back to its scenario's start (a logged-out cookie stays refused), or all. */
  reset(sid?: string) {
    if (sid === undefined) {
      this.changes.clear()
      this.ended.clear()
      this.answers.clear()
    } else {
      this.changes.delete(sid)
      this.answers.delete(sid)
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
