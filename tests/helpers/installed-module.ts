import { readFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * A file of an installed package as it is installed, our patches applied: read where
 * patch-package patches it, `node_modules/<pkg>/` (patches/README.md; some packages export
 * no path to it).
 */
export function installedFile(pkg: string, file: string) {
  const path = join('node_modules', pkg, file)
  return { path, source: readFileSync(path, 'utf8') }
}

/** A module of an installed package's `dist/private/` (react-aria's, @internationalized's). */
export const installedPrivateModule = (pkg: string, file: string) =>
  installedFile(pkg, join('dist', 'private', file))

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
