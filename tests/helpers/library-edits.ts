import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import type { Plugin } from 'vite'

const require = createRequire(import.meta.url)

/**
 * A module of an installed package's `dist/private/`, as the build's library edits read it
 * (config/library-edits.ts; the packages export no path to it).
 */
export function installedPrivateModule(pkg: string, file: string) {
  const path = join(require.resolve(pkg).replace(/dist[\\/].*$/, 'dist'), 'private', file)
  return { path, source: readFileSync(path, 'utf8') }
}

/** The module ids a library-edits plugin applies to (its transform's filter). */
export function editedModules(plugin: Plugin): RegExp[] {
  return (plugin.transform as unknown as { filter: { id: RegExp[] } }).filter.id
}
