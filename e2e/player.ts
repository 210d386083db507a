// The player every browser suite logs in as (Playwright specs, the journeys, the engine
// runner): a login the contract accepts, which the mock answers with the session cookie.
export const CREDENTIALS = { username: 'souksavanh88', password: 'correct-horse-8' } as const
