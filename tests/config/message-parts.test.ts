import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, describe, expect, it, vi } from 'vitest'
import type { Chunk } from '../../config/chunk-groups'
import {
  catalogueEntries,
  cataloguePart,
  messageParts,
  planMessageParts,
} from '../../config/message-parts'

const message = (key: string) => `/site/generated/paraglide/messages/${key}.js`
const LANDING = '/site/src/routes/index.tsx?tsr-split=component'
const LOGIN = '/site/src/routes/_public/login.tsx?tsr-split=component'
const DRAWER = '/site/src/features/layout/side-drawer.tsx'
const MENU = '/site/src/features/layout/language-menu-items.tsx'

/** A chunk of the first pass, as far as the plan reads it. */
function chunk(
  fileName: string,
  modules: Record<string, number>,
  options: { imports?: string[]; isEntry?: boolean; root?: string } = {},
): Chunk {
  return {
    fileName,
    imports: options.imports ?? [],
    isEntry: options.isEntry ?? false,
    isDynamicEntry: options.root !== undefined,
    facadeModuleId: options.root ?? null,
    modules: Object.fromEntries(
      Object.entries(modules).map(([id, renderedLength]) => [id, { renderedLength }]),
    ),
  } as unknown as Chunk
}

const FIRST_PASS = [
  chunk('index.js', { '/site/src/main.tsx': 900, [message('nav_home')]: 40 }, { isEntry: true }),
  chunk('landing.js', { [LANDING]: 500, [message('landing_intro')]: 40 }, { root: LANDING }),
  chunk(
    'login.js',
    { [LOGIN]: 500, [message('login_title')]: 40, [message('nav_home')]: 40 },
    { root: LOGIN, imports: ['form.js'] },
  ),
  // A shared chunk: the login page's field labels are beyond the first part.
  chunk('form.js', { '/site/src/ui/form.ts': 800, [message('account_password')]: 40 }),
  // An overlay that shows only messages of the shell, and one that shows more.
  chunk('menu.js', { [MENU]: 300, [message('nav_home')]: 40 }, { root: MENU }),
  chunk(
    'drawer.js',
    { [DRAWER]: 300, [message('drawer_title')]: 40, [message('unused')]: 0 },
    { root: DRAWER },
  ),
]

describe('planMessageParts', () => {
  const plan = planMessageParts(
    FIRST_PASS,
    (id) => id === LANDING,
    (id) => (id === LANDING ? '^/$' : undefined),
  )

  it("puts the entry's and the first pages' messages in the first part, and nothing else", () => {
    expect([...plan.first].sort()).toEqual(['landing_intro', 'nav_home'])
  })

  it('has every other lazy root that shows a message beyond it wait, through its shared chunks too', () => {
    expect([...plan.waiting].sort()).toEqual([DRAWER, LOGIN].sort())
    // A message tree-shaken away (rendered length 0) makes nothing wait.
    expect(plan.first.has('unused')).toBe(false)
  })

  it("names the first pages' roots and paths, for the catalogue's start and the preload", () => {
    expect(plan.firstRoots).toEqual([LANDING])
    expect(plan.firstPartPaths).toEqual(['^/$'])
  })
})

const CATALOGUE = `// Generated. Do not edit.
/* eslint-disable */
/** Every message in lo. */
export default [
\t/* a_first */ () => {
\treturn /** @type {LocalizedString} */ (\`ກ\`)
},
\t/* b_rest */ (i) => {
\treturn /** @type {LocalizedString} */ (\`\${i?.n}, ຂ\`)
},
\t/* c_first */ () => {
\treturn /** @type {LocalizedString} */ (\`ຄ\`)
},
\t/* d_rest */ () => {
\treturn /** @type {LocalizedString} */ (\`ງ\`)
},
]
`

/** Evaluates a catalogue module's default export (plain JS, no imports). */
async function evaluate(source: string): Promise<(((inputs?: object) => string) | undefined)[]> {
  const url = `data:text/javascript;base64,${Buffer.from(source).toString('base64')}`
  return ((await import(/* @vite-ignore */ url)) as { default: [] }).default
}

describe('catalogue parts', () => {
  it("reads a generated catalogue's entries, numbered in order", () => {
    expect(catalogueEntries(CATALOGUE).map(({ key, index }) => [key, index])).toEqual([
      ['a_first', 0],
      ['b_rest', 1],
      ['c_first', 2],
      ['d_rest', 3],
    ])
  })

  it('keeps each message of the first part at its number, the others as holes', async () => {
    const part = await evaluate(cataloguePart(CATALOGUE, (key) => key.endsWith('_first')))
    expect(part).toHaveLength(3)
    expect(part[0]?.()).toBe('ກ')
    expect(1 in part).toBe(false)
    expect(part[2]?.()).toBe('ຄ')
    // Over the whole catalogue, as the app assigns them, holes change nothing.
    const all = await evaluate(cataloguePart(CATALOGUE, () => true))
    expect(Object.assign([...all], part).map((format) => format?.({ n: 1 }))).toEqual([
      'ກ',
      '1, ຂ',
      'ຄ',
      'ງ',
    ])
  })

  it('fails on a catalogue it cannot read', () => {
    expect(() => catalogueEntries('export default []')).toThrow(/without entries/)
  })
})

describe('the plugin', () => {
  const plugin = messageParts({
    current: {
      first: new Set(['a_first']),
      waiting: new Set([LOGIN]),
      firstRoots: [LANDING],
      firstPartPaths: ['^/$'],
    },
  })
  const transform = (code: string, id: string) =>
    (plugin.transform as (this: unknown, code: string, id: string) => Promise<unknown>).call(
      { resolve: async (source: string) => ({ id: source }) },
      code,
      id,
    )

  it("makes an import() of a waiting root wait for every message, and leaves others' alone", async () => {
    const code = [
      `const login = () => import('${LOGIN}')`,
      `const landing = () => import('${LANDING}')`,
      `const text = "import('${LOGIN}')"`,
    ].join('\n')
    const result = (await transform(code, '/site/src/routeTree.gen.ts')) as { code: string }
    expect(result.code).toContain(`const login = () => __withRestMessages(import('${LOGIN}'))`)
    expect(result.code).toContain(`const landing = () => import('${LANDING}')`)
    // Text that only looks like an import is not touched.
    expect(result.code).toContain(`const text = "import('${LOGIN}')"`)
    expect(result.code).toMatch(/^import \{ withRestMessages as __withRestMessages \}/)
  })

  it('fills the catalogue with the first parts and their paths', async () => {
    const catalogue = [
      'const loaders = {',
      "\tlo: () => import('./locales/lo.js'),",
      "\tcn: () => import('./locales/cn.js'),",
      '}',
      'const firstLoaders = {}',
      'const firstPartPaths = []',
    ].join('\n')
    const code = (await transform(catalogue, '/site/generated/paraglide/catalogue.js')) as string
    expect(code).toContain("\tlo: () => import('./locales/lo.js?first'),")
    expect(code).toContain("\tcn: () => import('./locales/cn.js?first'),")
    expect(code).toContain('const firstPartPaths = ["^/$"]')
  })
})

/**
 * The generated catalogue as the build makes it (the plugin's transform), run in a folder of
 * its own beside stand-ins of the runtime and of two languages' files, which record each load.
 */
const folders: string[] = []
afterAll(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })))

async function builtCatalogue(pathname: string) {
  const dir = mkdtempSync(join(tmpdir(), 'catalogue-'))
  folders.push(dir)
  mkdirSync(join(dir, 'locales'))
  writeFileSync(join(dir, 'runtime.js'), 'export const getLocale = () => globalThis.__locale')
  for (const locale of ['lo', 'th']) {
    // Message 0 is in the first part, message 1 beyond it.
    for (const [file, loaded, messages] of [
      [`${locale}.js`, locale, [0, 1]],
      [`${locale}-first.js`, `${locale}:first`, [0]],
    ] as const) {
      writeFileSync(
        join(dir, 'locales', file),
        `globalThis.__loads.push('${loaded}')\n` +
          `export default [${messages.map((n) => `() => '${locale} ${n}'`).join(', ')}]\n`,
      )
    }
  }
  const plugin = messageParts({
    current: {
      first: new Set(),
      waiting: new Set(),
      firstRoots: [LANDING],
      firstPartPaths: ['^/$'],
    },
  })
  const generated = readFileSync('generated/paraglide/catalogue.js', 'utf8')
  const code = (await (
    plugin.transform as (this: unknown, code: string, id: string) => Promise<string>
  ).call({}, generated, '/site/generated/paraglide/catalogue.js')) as string
  // (Vitest's module runner drops an import's query: the first parts are files of their own here.)
  writeFileSync(join(dir, 'catalogue.js'), code.replace(/\.js\?first'/g, "-first.js'"))
  const globals = globalThis as unknown as { __loads: string[]; __locale: string }
  globals.__loads = []
  globals.__locale = 'lo'
  vi.stubGlobal('location', { pathname })
  const catalogue = (await import(
    /* @vite-ignore */ pathToFileURL(join(dir, 'catalogue.js')).href
  )) as {
    loadMessages: (locale: string) => Promise<void>
    loadRestMessages: () => Promise<void>
    hasMessages: (locale: string) => boolean
    message: (index: number) => (inputs?: object, options?: { locale?: string }) => string
  }
  return { ...catalogue, loads: globals.__loads, setLocale: (l: string) => (globals.__locale = l) }
}

describe('the built catalogue', () => {
  it('loads the first part on a first-part page, then all of it once asked, in every language', async () => {
    const catalogue = await builtCatalogue('/')
    await catalogue.loadMessages('lo')
    expect(catalogue.loads).toEqual(['lo:first'])
    expect(catalogue.message(0)()).toBe('lo 0')
    expect(catalogue.hasMessages('lo')).toBe(true)

    await catalogue.loadRestMessages()
    expect(catalogue.loads).toEqual(['lo:first', 'lo'])
    expect(catalogue.message(1)()).toBe('lo 1')
    // From now on a language comes whole.
    await catalogue.loadMessages('th')
    expect(catalogue.loads).toEqual(['lo:first', 'lo', 'th'])
    expect(catalogue.message(1)({}, { locale: 'th' })).toBe('th 1')
  })

  it('loads all of a language on any other page', async () => {
    const catalogue = await builtCatalogue('/login')
    await catalogue.loadMessages('lo')
    expect(catalogue.loads).toEqual(['lo'])
    await catalogue.loadRestMessages()
    expect(catalogue.loads).toEqual(['lo'])
  })

  it('a switch under way when all the messages become wanted ends with all of them', async () => {
    const catalogue = await builtCatalogue('/')
    await catalogue.loadMessages('lo')
    // The player switches to Thai on the landing page; an overlay loads at idle meanwhile.
    const switching = catalogue.loadMessages('th')
    await catalogue.loadRestMessages()
    await switching
    catalogue.setLocale('th')
    expect(catalogue.hasMessages('th')).toBe(true)
    expect(catalogue.message(1)()).toBe('th 1')
  })
})
