/**
 * The contract's `servers[0].url`: the site and the API share an origin. A module without
 * imports, so the build's list of first calls (config/first-calls.ts) writes the same
 * addresses the client asks for.
 */
export const API_BASE_URL = '/api'
