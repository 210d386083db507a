// The app's own formatting module (src/domain/format.ts, decision 016) as the e2e suite reads it:
// built from its source into one script, as for the browser, and run in Node. e2e tests the
// site from outside, so it never imports src/; this is the module's output, not a browser's.
import { runInNewContext } from 'node:vm'
import { fileURLToPath } from 'node:url'
import { build, type Rolldown } from 'vite'

export type FormatModule = {
  renderSamples: (locale: string) => string[]
  formatMoney: (value: string, currency: string, locale: string) => string
}

const root = fileURLToPath(new URL('..', import.meta.url))

async function buildScript(): Promise<string> {
  const output = (await build({
    configFile: false,
    root,
    logLevel: 'warn',
    resolve: { alias: { '~': `${root}src`, '~generated': `${root}generated` } },
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      write: false,
      minify: false,
      lib: {
        entry: `${root}tests/helpers/format-samples.ts`,
        formats: ['iife'],
        name: 'formatModule',
      },
    },
  })) as Rolldown.RolldownOutput[] | Rolldown.RolldownOutput
  const [first] = Array.isArray(output) ? output : [output]
  const chunk = first?.output.find((file) => file.type === 'chunk')
  if (!chunk || chunk.type !== 'chunk') throw new Error('the formatting module did not build')
  return chunk.code
}

let script: Promise<string> | undefined
/** The module as one script that defines `formatModule` (built once per worker). */
export function formatScript(): Promise<string> {
  return (script ??= buildScript())
}

let inNode: Promise<FormatModule> | undefined
/** The module run in a fresh Node context (Node's own Intl, full ICU). */
export function formatModule(): Promise<FormatModule> {
  return (inNode ??= formatScript().then(
    (code) => runInNewContext(`${code}\nformatModule`, {}) as FormatModule,
  ))
}

/** An amount as the site writes it in `locale` (lo unless said). */
export async function shownMoney(value: string, currency: string, locale = 'lo') {
  return (await formatModule()).formatMoney(value, currency, locale)
}
