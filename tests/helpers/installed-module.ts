import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'

const require = createRequire(import.meta.url)

/**
 * A module of an installed package's `dist/private/` as it is installed, our patches applied
 * (patches/README.md; the packages export no path to it).
 */
export function installedPrivateModule(pkg: string, file: string) {
  const path = join(require.resolve(pkg).replace(/dist[\\/].*$/, 'dist'), 'private', file)
  return { path, source: readFileSync(path, 'utf8') }
}

/**
 * The hook a version of a module exports as `hook`, its imports given by their exported names
 * (`useState`, `useLayoutEffect`...): the module's body evaluated as a function of its import
 * aliases, each name not given standing for a function that returns nothing.
 */
export function moduleHook<Hook>(code: string, imports: Record<string, unknown>, hook: string) {
  const aliases = [...code.matchAll(/^import \{(.*)\} from .*$/gm)].flatMap(([, names]) =>
    names!.split(',').map((pair) => pair.trim().split(' as ') as [string, string]),
  )
  const exported = new RegExp(`(\\$\\w+\\$export\\$\\w+) as ${hook}\\b`).exec(code)![1]!
  const body = code.replace(/^import .*$/gm, '').replace(/^export \{.*$/gm, '')
  return new Function(...aliases.map(([, alias]) => alias), `${body}; return ${exported}`)(
    ...aliases.map(([name]) => imports[name] ?? (() => undefined)),
  ) as Hook
}
