// The messages step of `npm run generate`, after paraglide's compile: one catalogue module a
// language instead of four languages in every message (a page loads the language
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
// array) and every dispatcher repeated its key and paraglide's locale lookup.
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
      `/** A message in one language; its inputs differ from message to message, hence \`any\`. */\n` +
      `/** @typedef {(inputs: any) => string} Format */\n\n` +
      `/** @type {Record<string, () => Promise<{ default: Format[] }>>} */\n` +
      `const loaders = {\n${locales.map((l) => `\t${l}: () => import('./locales/${l}.js'),`).join('\n')}\n}\n` +
      CATALOGUE_RUNTIME,
  )
}

const CATALOGUE_RUNTIME = `
/**
 * Where the build splits the messages (config/message-parts.ts): each page's part of each
 * language, the messages of the shell and of that page, numbered as \`partPaths\` (the pages'
 * paths, as patterns). \`partFile\` names their files, beside this module's chunk. Empty here:
 * every page loads the whole catalogue.
 */
const partFile = ''
/** @type {string[]} */
const partPaths = []
/** Where this module is: the parts are beside it (a name the bundler does not rewrite). */
const here = import.meta.url

/** The loader of a language's part \`n\`, if the build made parts. */
function partLoader(/** @type {number} */ n, /** @type {string} */ locale) {
\tif (!partFile || n < 0) return undefined
\tconst url = new URL(partFile.replace('{locale}', locale).replace('{part}', String(n)), here).href
\treturn () => /** @type {Promise<{ default: Format[] }>} */ (import(/* @vite-ignore */ url))
}

/**
 * Each language's message functions by number, as its files arrive.
 * @type {Record<string, Format[]>}
 */
const loaded = {}
/**
 * The files asked for, by \`lo\` (every message) or \`lo:3\` (part 3): each is fetched once.
 * @type {Record<string, Promise<void>>}
 */
const files = {}
/** The files that have arrived. */
const arrived = new Set()
/**
 * The part (its number) of the page the app started on, while no message beyond it is wanted;
 * -1 once one is (a page or overlay that shows one has loaded), in every language from then
 * on. A page the service worker answers starts with the whole file: the worker has it.
 */
let part =
\ttypeof location === 'object' && !(typeof navigator === 'object' && navigator.serviceWorker?.controller)
\t\t? partPaths.findIndex((path) => new RegExp(path).test(location.pathname))
\t\t: -1
/** @type {string | undefined} */
let lastLoaded

function loadFile(/** @type {string} */ name, /** @type {string} */ locale, /** @type {() => Promise<{ default: Format[] }>} */ loader) {
\tfiles[name] ??= loader().then(
\t\t(file) => {
\t\t\tObject.assign((loaded[locale] ??= []), file.default)
\t\t\tarrived.add(name)
\t\t},
\t\t(error) => {
\t\t\t// Offline: asked for again next time.
\t\t\tdelete files[name]
\t\t\tthrow error
\t\t},
\t)
\treturn files[name]
}

/** Whether a language's messages are loaded (all of them, once more than the part is wanted). */
export function hasMessages(/** @type {string} */ locale) {
\treturn arrived.has(locale) || (part >= 0 && arrived.has(\`\${locale}:\${part}\`))
}

/** Loads a language's messages (once); \`message\` answers in it from then on. */
export async function loadMessages(/** @type {string} */ locale) {
\tconst loader = loaders[locale]
\tif (!loader) throw new Error(\`no messages for \${locale}\`)
\t// Again if all the messages became wanted while the part was on its way (an overlay
\t// loaded at idle while the player switched language): the switch then shows them all.
\twhile (!hasMessages(locale)) {
\t\tconst n = part
\t\tconst fromPart = partLoader(n, locale)
\t\tawait (fromPart ? loadFile(\`\${locale}:\${n}\`, locale, fromPart) : loadFile(locale, locale, loader))
\t}
\tlastLoaded = locale
}

/**
 * \`imported\` (a lazily loaded module) once its messages are here too: the page's part when the
 * app started with one of \`parts\` (those that hold all of the module's messages), else every
 * message of the language in use. config/message-parts.ts has the build wrap the \`import()\`
 * of each page or overlay that shows a message beyond the shell's.
 * @template T
 * @param {number[]} parts
 * @param {Promise<T>} imported
 * @returns {Promise<T>}
 */
export function withMessages(parts, imported) {
\tif (!parts.includes(part)) part = -1
\treturn Promise.all([imported, loadMessages(getLocale())]).then(([module]) => module)
}

/**
 * The message function of the \`index\`-th key (sorted), as paraglide's: \`(inputs, { locale })\`.
 * It answers in \`locale\` (else the current one); while that language is still loading (a
 * switch made in another tab), in the language loaded last; before any has loaded, nothing.
 * Untyped here (\`any\`): each message module casts it to that message's own paraglide type.
 * @returns {any}
 */
export function message(/** @type {number} */ index) {
\treturn (/** @type {any} */ inputs = {}, /** @type {{ locale?: string }} */ options = {}) => {
\t\tconst locale = options.locale ?? getLocale()
\t\tconst format = loaded[locale]?.[index] ?? (lastLoaded ? loaded[lastLoaded]?.[index] : undefined)
\t\treturn format ? format(inputs) : ''
\t}
}
`
