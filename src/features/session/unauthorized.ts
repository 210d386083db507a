import type { paths } from '~generated/api/schema'
import { setUnauthorizedListener } from '~/lib/api-client'

/** 401s that are answers rather than an expired session (spec sections 2 and 8). */
const SESSION_PROBES: ReadonlySet<keyof paths> = new Set(['/v2/players/info', '/v2/agency/info'])

/** Any other 401 sends the browser to /login, coming back here after login. */
export function installUnauthorizedRedirect() {
  setUnauthorizedListener((schemaPath) => {
    if (SESSION_PROBES.has(schemaPath as keyof paths)) return
    if (window.location.pathname === '/login') return
    const back = `${window.location.pathname}${window.location.search}`
    window.location.assign(`/login?${new URLSearchParams({ redirect: back })}`)
  })
}
