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
  partFileName,
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
  // A shared chunk: the login page's field labels, beyond the entry's messages.
  chunk('form.js', { '/site/src/ui/form.ts': 800, [message('account_password')]: 40 }),
  // An overlay that shows only messages of the shell, and one that shows more.
  chunk('menu.js', { [MENU]: 300, [message('nav_home')]: 40 }, { root: MENU }),
  chunk(
    'drawer.js',
    { [DRAWER]: 300, [message('drawer_title')]: 40, [message('unused')]: 0 },
    { root: DRAWER },
  ),
]

const PROMOTION = '/site/src/routes/player/promotion/$promotionId.tsx?tsr-split=component'
const PATHS: Record<string, string> = {
  [LANDING]: '^/$',
  [LOGIN]: '^/login/?$',
  [PROMOTION]: '^/player/promotion/[^/]+/?$',
}

describe('planMessageParts', () => {
  const plan = planMessageParts(
    [
      // A page with a path pattern comes after the static paths, whatever the chunks' order.
      chunk(
        'promotion.js',
        { [PROMOTION]: 500, [message('promotion_title')]: 40 },
        { root: PROMOTION },
      ),
      ...FIRST_PASS,
    ],
    (id) => id in PATHS,
    (id) => PATHS[id],
  )

  it("makes one part a page: the entry's messages and the page's, through its shared chunks", () => {
    expect(plan.parts.map(({ root, path }) => [root, path])).toEqual([
      [LANDING, '^/$'],
      [LOGIN, '^/login/?$'],
      [PROMOTION, '^/player/promotion/[^/]+/?$'],
    ])
    expect(plan.parts.map(({ keys }) => [...keys].sort())).toEqual([
      ['landing_intro', 'nav_home'],
      ['account_password', 'login_title', 'nav_home'],
      ['nav_home', 'promotion_title'],
    ])
  })

  it("names, for each root that shows more than the entry's messages, the parts that hold all of its", () => {
    expect(Object.fromEntries(plan.covering)).toEqual({
      [LANDING]: [0],
      [LOGIN]: [1],
      [PROMOTION]: [2],
      // An overlay: no page's part holds its title, so it waits for all of them.
      [DRAWER]: [],
    })
    // The menu shows only the entry's messages; a message tree-shaken away (rendered length 0)
    // is in no part.
    expect(plan.covering.has(MENU)).toBe(false)
    expect(plan.parts.some(({ keys }) => keys.has('unused'))).toBe(false)
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

  it('keeps each message of a part at its number, the others as holes', async () => {
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

/** The plan of FIRST_PASS, with the landing and login pages as pages. */
const PLAN = () =>
  planMessageParts(
    FIRST_PASS,
    (id) => id === LANDING || id === LOGIN,
    (id) => PATHS[id],
  )

/** The plugin, started as a build starts it (it writes the parts of the real catalogues). */
function startedPlugin(plan = PLAN()) {
  const plugin = messageParts({ current: plan })
  ;(plugin.buildStart as (this: unknown) => void).call({})
  return plugin
}

type Transform = (this: unknown, code: string, id: string) => Promise<unknown>

describe('the plugin', () => {
  const plugin = startedPlugin()
  const transform = (code: string, id: string) =>
    (plugin.transform as Transform).call(
      { resolve: async (source: string) => ({ id: source }) },
      code,
      id,
    )

  it('makes an import() of a root wait for its messages, naming the parts that hold them', async () => {
    const code = [
      `const landing = () => import('${LANDING}')`,
      `const login = () => import('${LOGIN}')`,
      `const drawer = () => import('${DRAWER}')`,
      `const menu = () => import('${MENU}')`,
      `const text = "import('${LOGIN}')"`,
    ].join('\n')
    const result = (await transform(code, '/site/src/routeTree.gen.ts')) as { code: string }
    expect(result.code).toContain(`const landing = () => __withMessages([0], import('${LANDING}'))`)
    expect(result.code).toContain(`const login = () => __withMessages([1], import('${LOGIN}'))`)
    expect(result.code).toContain(`const drawer = () => __withMessages([], import('${DRAWER}'))`)
    // Only the entry's messages: nothing to wait for.
    expect(result.code).toContain(`const menu = () => import('${MENU}')`)
    // Text that only looks like an import is not touched.
    expect(result.code).toContain(`const text = "import('${LOGIN}')"`)
    expect(result.code).toMatch(/^import \{ withMessages as __withMessages \}/)
  })

  it('fills the catalogue with where the parts are and their paths', async () => {
    const catalogue = ["const partFile = ''", 'const partPaths = []'].join('\n')
    const code = (await transform(catalogue, '/site/generated/paraglide/catalogue.js')) as string
    expect(code).toMatch(/^const partFile = "page-messages-\{locale\}-\{part\}-[\w-]{8}\.js"$/m)
    expect(code).toContain('const partPaths = ["^/$","^/login/?$"]')
    expect(plugin.api!.partFile()).toMatch(
      /^assets\/page-messages-\{locale\}-\{part\}-[\w-]{8}\.js$/,
    )
  })

  it("writes each page's part of each language under one hash of them all, and the plan", () => {
    const emitted: { fileName: string; source: string }[] = []
    const context = {
      emitFile: (file: { fileName: string; source: string }) => emitted.push(file),
      error: (message: string) => {
        throw new Error(message)
      },
    }
    // Every root the plan makes wait must have been wrapped (the test above did both).
    ;(plugin.generateBundle as (this: unknown) => void).call(context)
    const pattern = plugin.api!.partFile()!
    const names = emitted.map(({ fileName }) => fileName)
    for (const locale of ['lo', 'cn', 'vn', 'th'])
      for (const part of [0, 1])
        expect(names).toContain(pattern.replace('{locale}', locale).replace('{part}', String(part)))
    const plan = JSON.parse(emitted.find(({ fileName }) => fileName.endsWith('.json'))!.source)
    expect(plan.partFile).toBe(pattern)
    expect(plan.parts.map(({ path }: { path: string }) => path)).toEqual(['^/$', '^/login/?$'])
    // Landing, login and the drawer wait; by their ids relative to the project.
    expect(Object.values(plan.covering)).toEqual(expect.arrayContaining([[0], [1], []]))
    expect(Object.keys(plan.covering)).toHaveLength(3)
  })

  it('fails the build when a root that waits was imported some other way', () => {
    const fresh = startedPlugin()
    const context = {
      emitFile: () => {},
      error: (message: string) => {
        throw new Error(message)
      },
    }
    expect(() => (fresh.generateBundle as (this: unknown) => void).call(context)).toThrow(
      /no import\(\) of .* waits for the messages/,
    )
  })
})

/**
 * The generated catalogue as the build makes it (the plugin's transform), run in a folder of
 * its own beside stand-ins of the runtime and of two languages' files (whole, and the parts of
 * the landing and login pages), which record each load.
 */
const folders: string[] = []
afterAll(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })))

async function builtCatalogue(pathname: string, options: { controlled?: boolean } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'catalogue-'))
  folders.push(dir)
  mkdirSync(join(dir, 'locales'))
  writeFileSync(join(dir, 'runtime.js'), 'export const getLocale = () => globalThis.__locale')
  const plugin = startedPlugin()
  const generated = readFileSync('generated/paraglide/catalogue.js', 'utf8')
  const code = (await (plugin.transform as Transform).call(
    {},
    generated,
    '/site/generated/paraglide/catalogue.js',
  )) as string
  writeFileSync(join(dir, 'catalogue.js'), code)
  const partFile = /const partFile = "([^"]+)"/.exec(code)![1]!
  for (const locale of ['lo', 'th']) {
    // Message 0 is the shell's (in every part), 1 the login page's, 2 nobody's first load.
    const files: [string, string, number[]][] = [
      [`locales/${locale}.js`, locale, [0, 1, 2]],
      [partFileName(partFile, locale, 0), `${locale}:0`, [0]],
      [partFileName(partFile, locale, 1), `${locale}:1`, [0, 1]],
    ]
    for (const [file, loaded, messages] of files) {
      writeFileSync(
        join(dir, file),
        `globalThis.__loads.push('${loaded}')\n` +
          `export default [${messages.map((n) => `() => '${locale} ${n}'`).join(', ')}]\n`,
      )
    }
  }
  const globals = globalThis as unknown as { __loads: string[]; __locale: string }
  globals.__loads = []
  globals.__locale = 'lo'
  vi.stubGlobal('location', { pathname })
  vi.stubGlobal('navigator', { serviceWorker: options.controlled ? { controller: {} } : {} })
  const catalogue = (await import(
    /* @vite-ignore */ pathToFileURL(join(dir, 'catalogue.js')).href
  )) as {
    loadMessages: (locale: string) => Promise<void>
    withMessages: <T>(parts: number[], imported: Promise<T>) => Promise<T>
    hasMessages: (locale: string) => boolean
    message: (index: number) => (inputs?: object, options?: { locale?: string }) => string
  }
  vi.unstubAllGlobals()
  return { ...catalogue, loads: globals.__loads, setLocale: (l: string) => (globals.__locale = l) }
}

describe('the built catalogue', () => {
  it("loads the page's part first, then all of a language once asked, in every language", async () => {
    const catalogue = await builtCatalogue('/')
    await catalogue.loadMessages('lo')
    expect(catalogue.loads).toEqual(['lo:0'])
    expect(catalogue.message(0)()).toBe('lo 0')
    expect(catalogue.hasMessages('lo')).toBe(true)

    // A root no page's part holds (an overlay at idle): all of the language, from now on.
    await catalogue.withMessages([], Promise.resolve('overlay'))
    expect(catalogue.loads).toEqual(['lo:0', 'lo'])
    expect(catalogue.message(2)()).toBe('lo 2')
    // From now on a language comes whole.
    await catalogue.loadMessages('th')
    expect(catalogue.loads).toEqual(['lo:0', 'lo', 'th'])
    expect(catalogue.message(2)({}, { locale: 'th' })).toBe('th 2')
  })

  it("lets a root its page's part holds run with that part; any other brings all", async () => {
    const catalogue = await builtCatalogue('/login')
    await catalogue.loadMessages('lo')
    expect(catalogue.loads).toEqual(['lo:1'])
    expect(await catalogue.withMessages([1], Promise.resolve('login page'))).toBe('login page')
    expect(catalogue.loads).toEqual(['lo:1'])
    expect(catalogue.message(1)()).toBe('lo 1')
    // The landing page (part 0), after the login page: all of the language.
    await catalogue.withMessages([0], Promise.resolve('landing page'))
    expect(catalogue.loads).toEqual(['lo:1', 'lo'])
    expect(catalogue.message(2)()).toBe('lo 2')
  })

  it('waits for the part under way before a root it holds runs', async () => {
    const catalogue = await builtCatalogue('/login')
    const order: string[] = []
    const page = catalogue.withMessages([1], Promise.resolve('login page')).then((module) => {
      order.push(`${module} with ${catalogue.message(1)()}`)
    })
    await page
    expect(order).toEqual(['login page with lo 1'])
  })

  it('loads all of a language on a page without a part, and where the service worker answers', async () => {
    const elsewhere = await builtCatalogue('/nowhere')
    await elsewhere.loadMessages('lo')
    expect(elsewhere.loads).toEqual(['lo'])
    const controlled = await builtCatalogue('/login', { controlled: true })
    await controlled.loadMessages('lo')
    expect(controlled.loads).toEqual(['lo'])
  })

  it('a switch under way when all the messages become wanted ends with all of them', async () => {
    const catalogue = await builtCatalogue('/')
    await catalogue.loadMessages('lo')
    // The player switches to Thai on the landing page; an overlay loads at idle meanwhile.
    const switching = catalogue.loadMessages('th')
    await catalogue.withMessages([], Promise.resolve('drawer'))
    await switching
    catalogue.setLocale('th')
    expect(catalogue.hasMessages('th')).toBe(true)
    expect(catalogue.message(2)()).toBe('th 2')
  })
})
