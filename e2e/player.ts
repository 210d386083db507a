// The player every browser suite logs in as (Playwright specs, the journeys, the engine
// runner): a login the contract accepts, which the mock answers with the session cookie.
import { operations } from '../generated/api/operations'
import { API_PREFIX } from './serve-build'

export const CREDENTIALS = { username: 'souksavanh88', password: 'correct-horse-8' } as const

/** Where the site's own origin takes that login (the API behind its prefix, as in production). */
export const LOGIN_PATH = `${API_PREFIX}${operations.loginPlayer.path}`
