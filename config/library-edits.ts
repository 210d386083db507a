import type { Plugin } from 'vite'

/**
 * The build's edits of installed libraries' modules (config/without-form-groups.ts,
 * config/intl-checks-on-use.ts, config/slot-ids-in-transition.ts,
 * config/tabbable-child-after-frame.ts, config/tab-panel-no-entry-on-mount.ts), one way: each entry names
 * its module, `edit` returns the module edited or throws when the module no longer has what the
 * edit expects, and that fails the build (an upgrade that moves it is then looked at again, not
 * lost silently). Only in the build: dev and Vitest keep the libraries as published.
 */
export function libraryEdits<Entry extends { module: RegExp }>(
  name: string,
  entries: readonly Entry[],
  edit: (entry: Entry, code: string, id: string) => string,
): Plugin {
  return {
    name,
    apply: 'build',
    transform: {
      filter: { id: entries.map((entry) => entry.module) },
      handler(code, id) {
        const entry = entries.find(({ module }) => module.test(id))
        if (!entry) return
        try {
          return { code: edit(entry, code, id), map: null }
        } catch (error) {
          this.error((error as Error).message)
        }
      },
    },
  }
}

/** A module of a package's `dist/private/` (react-aria's, @internationalized's), by its path there. */
export const privateModule = (pkg: string, path: string) =>
  new RegExp(`[\\\\/]${pkg.replace('/', '[\\\\/]')}[\\\\/]dist[\\\\/]private[\\\\/]${path}\\.mjs$`)

/** One edit of a module: what it must find there, how many times, and what stands in for it. */
export interface Edit {
  find: RegExp
  count: number
  replace: (match: string, ...groups: string[]) => string
}

/** Which module is edited, what of it, and the file whose edits expect it (for the error). */
export interface Edited {
  id: string
  what: string
  by: string
}

/**
 * A module's edits, each checked: `find` must match `count` times, else it throws naming the
 * module, what is edited and the file that expects it.
 */
export function applyEdits(edits: readonly Edit[], code: string, { id, what, by }: Edited): string {
  return edits.reduce((edited, { find, count, replace }) => {
    const found = edited.match(find)?.length ?? 0
    if (found !== count)
      throw new Error(
        `${id}: ${what} is not as ${by} expects (${find} found ${found} times, not ${count})`,
      )
    return edited.replace(find, replace as (match: string, ...groups: string[]) => string)
  }, code)
}
