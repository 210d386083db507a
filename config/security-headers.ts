import { createHash } from 'node:crypto'

/**
 * The `<style>` elements react-aria injects at run time, verbatim. react-aria reads a CSP
 * nonce from `<meta property="csp-nonce">` when there is one, but a nonce must be new on
 * every response, which a static site served from files cannot do. Their text is fixed, so
 * the policy allows exactly these by hash instead; tests/config/security-headers.test.ts
 * fails when an upgrade of react-aria changes them, and e2e/csp.spec.ts counts violations.
 */
export const injectedStyles = {
  // usePress: keeps taps from waiting for a double-tap zoom on every pressable element.
  pressable:
    '@layer {\n  [data-react-aria-pressable] {\n    touch-action: pan-x pan-y pinch-zoom;\n  }\n}',
  // usePreventScroll on iOS WebKit, while a modal is open.
  preventScroll: '@layer {\n  * {\n    overscroll-behavior: contain;\n  }\n}',
} as const

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

/**
 * The Content-Security-Policy a player's browser gets. No inline script at all (Vite emits
 * module scripts by URL); images may come from the agency's CDN (logos, promotions, games),
 * whose host differs per agency, hence `https:`. The API is reached on the same origin
 * under /api (docs/deploy.md), so `connect-src 'self'`.
 */
export const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  `style-src 'self' ${Object.values(injectedStyles).map(sha256).join(' ')}`,
  "img-src 'self' data: https:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

/** Headers on every response of the site (docs/deploy.md repeats them for nginx and Caddy). */
export const securityHeaders: Record<string, string> = {
  'Content-Security-Policy': contentSecurityPolicy,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  // Older browsers that ignore frame-ancestors.
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
}

/** Hashed files never change under their name: cached for a year. */
export const immutableCache = 'public, max-age=31536000, immutable'
/** index.html and other unhashed files: always revalidated, so a deploy is seen at once. */
export const revalidateCache = 'no-cache'
