/**
 * The launch URL openGame answered, as an absolute URL the browser may follow, or undefined.
 * Only http(s) is followed: a `javascript:` or `data:` URL from a compromised or buggy backend
 * would run in the site's origin. A site-relative path (what the mock sends) resolves against
 * the site's own origin.
 */
export function launchUrl(
  url: string,
  origin: string = window.location.origin,
): string | undefined {
  let parsed: URL
  try {
    parsed = new URL(url, origin)
  } catch {
    return undefined
  }
  return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : undefined
}
