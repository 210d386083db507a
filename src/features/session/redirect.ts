/** Where a player goes after login when nothing else was asked for. */
export const PLAYER_HOME = '/player'

/**
 * Accepts only a same-origin path as a post-login destination (an open redirect otherwise:
 * `//evil.test`, `/\evil.test`, `https://evil.test` are all refused).
 */
export function safeRedirect(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/')) return undefined
  if (value.startsWith('//') || value.startsWith('/\\')) return undefined
  try {
    const base = 'http://same-origin.invalid'
    const url = new URL(value, base)
    if (url.origin !== base) return undefined
    return `${url.pathname}${url.search}${url.hash}`
  } catch {
    return undefined
  }
}
