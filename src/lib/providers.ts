import type { components } from '~generated/api/schema'

// The contract's game providers as data. A module without imports at run time, so the build's
// list of first calls (config/first-calls.ts) knows the same providers the routes accept.

export type Provider = components['schemas']['Provider']

/**
 * Provider brand names are proper nouns, written the same in every language, so they are
 * data rather than messages (a message would be a copy of the Lao text in every locale).
 */
export const PROVIDER_NAMES = {
  alphabet: 'Alphabet',
  askmebet: 'AskMeBet',
  gclub: 'GClub',
  gclub_live: 'GClub Live',
} as const satisfies Record<Provider, string>

/** Spec order (section 1 and the menus). */
export const PROVIDERS = Object.keys(PROVIDER_NAMES) as Provider[]

/** Whether a value (a URL's segment) names a provider of the contract. */
export const isProvider = (value: string): value is Provider => Object.hasOwn(PROVIDER_NAMES, value)
