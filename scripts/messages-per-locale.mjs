// The messages step of `npm run generate`, after paraglide's compile: one catalogue module a
// language instead of four languages in every message (issue 19: a page loads the language
// in use only; the others arrive when the player switches).
//
// Paraglide compiles each message into a module with one function a locale and a dispatcher
// (generated/paraglide/messages/<key>.js): a page that shows a message carries its four
// translations. Here the locale functions move, verbatim, into generated/paraglide/locales/
// <locale>.js (one array a language, loaded as a chunk of its own), and each dispatcher
// becomes `message(n)` of generated/paraglide/catalogue.js, which answers with the loaded
// language's n-th function. Call sites (`m.key(inputs)`), the types and the runtime stay
// paraglide's.
//
// By number, not by key: the keys were a third of a catalogue (lo: 8.3 -> 5.5 KB gz as an
// array) and every dispatcher repeated its key and paraglide's locale lookup (issue 19).
// Numbers follow the keys' sorted order; the catalogues and the dispatchers are written
// together, so they cannot disagree. Each catalogue entry is commented with its key.
import { readFileSync, readdirSync, writeFileSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'

const LOCALE_FUNCTION =
  /^const ([a-z]+)_(\w+) = (\/\*\*[^\n]*\*\/ \([^)]*\) => \{\n[\s\S]*?\n\});\n\n?/gm
/** paraglide's dispatcher: `((inputs, options = {}) => {` ... the base locale's call `});`. */
const DISPATCH =
  /\(\(inputs(?: = \{\})?, options = \{\}\) => \{\n\tconst locale = [^\n]*\n(?:\tif \(locale === [^\n]*\n)*\treturn \w+\(inputs\)\n\}\);/

/** Rewrites generated/paraglide (just compiled by paraglide) to one catalogue a language. */
export function splitMessagesByLocale(dir, locales, header) {
  const messagesDir = join(dir, 'messages')
  const catalogues = Object.fromEntries(locales.map((locale) => [locale, []]))
  const entries = readdirSync(messagesDir)
    .filter((entry) => entry !== '_index.js' && entry.endsWith('.js'))
    .sort()
  for (const [index, entry] of entries.entries()) {
    const file = join(messagesDir, entry)
    const key = entry.replace(/\.js$/, '')
    let text = readFileSync(file, 'utf8')
    const found = new Set()
    text = text.replace(LOCALE_FUNCTION, (_, locale, name, fn) => {
      if (name !== key || !catalogues[locale])
        throw new Error(`${file}: unexpected ${locale}_${name}`)
      // The cast names a typedef of the message's module: the catalogue needs no types.
      catalogues[locale].push(`\t/* ${key} */ ${fn.replace(/^\/\*\*[^\n]*?\*\/ /, '')},`)
      found.add(locale)
      return ''
    })
    if (found.size !== locales.length) throw new Error(`${file}: found ${[...found]} of ${locales}`)
    if (!DISPATCH.test(text)) throw new Error(`${file}: paraglide's dispatcher has changed shape`)
    // Pure: a message no module calls is dropped from the bundle, as paraglide's were.
    text = text
      .replace(DISPATCH, `(/* @__PURE__ */ message(${index}));`)
      .replace(
        "import { getLocale, experimentalStaticLocale } from '../runtime.js';",
        "import { message } from '../catalogue.js';",
      )
    if (!text.includes("from '../catalogue.js'")) throw new Error(`${file}: no runtime import`)
    writeFileSync(file, text)
  }
  mkdirSync(join(dir, 'locales'), { recursive: true })
  // The files below are generated output, headed and linted like paraglide's own (eslint off,
  // as for every file in generated/); a message's inputs differ per message, hence `any`.
  for (const locale of locales) {
    writeFileSync(
      join(dir, 'locales', `${locale}.js`),
      `// ${header}\n/* eslint-disable */\n` +
        `/** Every message in ${locale}, in the keys' sorted order (scripts/messages-per-locale.mjs). */\n` +
        `export default [\n${catalogues[locale].join('\n')}\n]\n`,
    )
  }
  writeFileSync(
    join(dir, 'catalogue.js'),
    `// ${header}\n/* eslint-disable */\n` +
      `// The messages of each language, loaded on demand (scripts/messages-per-locale.mjs).\n` +
      `import { getLocale } from './runtime.js'\n\n` +
      `/** @type {Record<string, () => Promise<{ default: ((inputs: any) => string)[] }>>} */\n` +
      `const loaders = {\n${locales.map((l) => `\t${l}: () => import('./locales/${l}.js'),`).join('\n')}\n}\n` +
      CATALOGUE_RUNTIME,
  )
}

const CATALOGUE_RUNTIME = `
/** @type {Record<string, ((inputs: any) => string)[]>} */
const loaded = {}
/** @type {string | undefined} */
let lastLoaded

/** Loads a language's messages (once); \`message\` answers in it from then on. */
export async function loadMessages(/** @type {string} */ locale) {
\tconst loader = loaders[locale]
\tif (!loader) throw new Error(\`no messages for \${locale}\`)
\tloaded[locale] ??= (await loader()).default
\tlastLoaded = locale
}

/** Whether a language's messages are loaded. */
export function hasMessages(/** @type {string} */ locale) {
\treturn locale in loaded
}

/**
 * The message function of the \`index\`-th key (sorted), as paraglide's: \`(inputs, { locale })\`.
 * It answers in \`locale\` (else the current one); while that language is still loading (a
 * switch made in another tab), in the language loaded last; before any has loaded, nothing.
 * @returns {any}
 */
export function message(/** @type {number} */ index) {
\treturn (/** @type {any} */ inputs = {}, /** @type {{ locale?: string }} */ options = {}) => {
\t\tconst locale = options.locale ?? getLocale()
\t\tconst format = (loaded[locale] ?? (lastLoaded ? loaded[lastLoaded] : undefined))?.[index]
\t\treturn format ? format(inputs) : ''
\t}
}
`
