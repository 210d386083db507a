// The first load's calls that the preload script starts before the entry has run (the build
// records them from the page's loaders, config/first-calls.ts). The client's fetch
// (./client.ts) takes each answer for the app's first request of that address, once, instead
// of asking the server a second time.
//
// The script and the app share one object under FIRST_CALLS_GLOBAL, by address (path and
// query): the script starts its calls one a task and puts each in; the app claims an address
// as it first asks for it (taking the call if it is there, else leaving `null`, which the
// script then does not start). Whichever comes first, an address goes out once. Once the app
// no longer wants them, the name holds `null` and the script starts nothing more.

/** Where the preload script and the app share the first calls. */
export const FIRST_CALLS_GLOBAL = '__firstCalls'

/** The name under which a taken call is marked (`performance.mark`), followed by its address. */
export const FIRST_CALL_TAKEN_MARK = 'first-call-taken '

/**
 * How long a started call waits to be taken. The first load takes its calls within its first
 * seconds; an answer older than this is no longer the one a page would get by asking.
 */
export const FIRST_CALLS_TTL_MS = 10_000

/**
 * A call the preload script started, with the headers it sent where it sent any (the e2e
 * build's mock choices, src/dev/mock-headers.ts; a production build sends none).
 */
export type StartedCall = Promise<Response> & { sentHeaders?: Record<string, string> }

/** By address: a started call, or `null` once the app has claimed the address. */
type Shared = Record<string, StartedCall | null | undefined>

type Scope = Record<string, unknown>

let shared: Shared | undefined
let sharedIn: Scope = globalThis
let expiry: ReturnType<typeof setTimeout> | undefined

/**
 * Joins what the preload script started, as the app starts (src/main.tsx). Without it (a page
 * the script did not know, a script that has not run yet), the name is set to `null`: a
 * script that runs late starts nothing, since the app asks for itself.
 */
export function adoptFirstCalls(scope: Scope = globalThis) {
  const started = scope[FIRST_CALLS_GLOBAL]
  sharedIn = scope
  shared = started && typeof started === 'object' ? (started as Shared) : undefined
  clearTimeout(expiry)
  if (shared) expiry = setTimeout(dropFirstCalls, FIRST_CALLS_TTL_MS)
  else scope[FIRST_CALLS_GLOBAL] = null
}

/** Forgets every call not taken yet, and starts no more: the session changed, or the first load is long over. */
export function dropFirstCalls() {
  clearTimeout(expiry)
  sharedIn[FIRST_CALLS_GLOBAL] = null
  shared = undefined
}

/**
 * The started call for `request` (the client's own, so of this origin), if there is one and it
 * asks for exactly what the preload script asked: a GET of the same address with the same
 * headers, the client's Content-Type aside (none in a production build; in the dev and e2e
 * builds, the mock choices of src/dev/mock-headers.ts, which the script reads as it starts:
 * a choice made since, from the page's URL or a test, differs). The address is claimed either
 * way, so it is taken at most once, never after a request that differed, and never started
 * by the script after the app has asked for it.
 */
export function takeFirstCall(request: Request): Promise<Response> | undefined {
  if (!shared || request.method !== 'GET') return undefined
  const { pathname, search } = new URL(request.url)
  const address = pathname + search
  const call = shared[address]
  shared[address] = null
  if (!(call instanceof Promise) || !sameHeaders(request.headers, call.sentHeaders))
    return undefined
  performance.mark?.(FIRST_CALL_TAKEN_MARK + address)
  return call
}

/** The request's headers but its Content-Type are exactly `sent`. */
function sameHeaders(headers: Headers, sent: Record<string, string> = {}) {
  const expected = new Headers(sent)
  const names = [...headers.keys()].filter((name) => name !== 'content-type')
  return (
    names.length === [...expected.keys()].length &&
    names.every((name) => headers.get(name) === expected.get(name))
  )
}
