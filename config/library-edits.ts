import type { Plugin } from 'vite'

/**
 * The build's edits of installed libraries' modules (config/without-form-groups.ts,
 * config/intl-checks-on-use.ts), one way: each entry names its module, `edit` returns the
 * module edited or throws when the module no longer has what the edit expects, and that fails
 * the build (an upgrade that moves it is then looked at again, not lost silently). Only in the
 * build: dev and Vitest keep the libraries as published.
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
