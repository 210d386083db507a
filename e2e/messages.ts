// The site's messages in every language, for suites that find what they press by its words.
// The site loads one language's messages at a time (scripts/messages-per-locale.mjs); a suite
// reads any language from the same catalogue, so all four load here, once, on import.
import { loadMessages } from '../generated/paraglide/catalogue.js'
import { locales } from '../generated/paraglide/runtime.js'

await Promise.all(locales.map(loadMessages))

export { m } from '../generated/paraglide/messages.js'
