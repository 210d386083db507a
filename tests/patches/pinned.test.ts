// Every patch (patches/README.md) is made against the exact version installed, and
// package.json pins that version, so no install ever applies it to another.
import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { installedFile } from '../helpers/installed-module'

/** An installed package's package.json. */
const installed = (name: string) =>
  JSON.parse(installedFile(name, 'package.json').source) as {
    version: string
    dependencies?: Record<string, string>
  }
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
  dependencies: Record<string, string>
  overrides: Record<string, string>
}
const patches = readdirSync('patches').filter((file) => file.endsWith('.patch'))
const documented = readFileSync('patches/README.md', 'utf8')

describe('patches', () => {
  it('are there', () => expect(patches.length).toBeGreaterThan(0))

  for (const file of patches) {
    // `@scope+name+1.2.3.patch` or `name+1.2.3.patch`, as patch-package names them.
    const [, packed, version] = /^(.+)\+(\d+\.\d+\.\d+)\.patch$/.exec(file)!
    const name = packed!.startsWith('@') ? packed!.replace('+', '/') : packed!
    describe(file, () => {
      it('is for the version installed', () => {
        expect(installed(name).version).toBe(version)
      })

      it('is for a version package.json pins exactly (a dependency, an override, or one the pinned package pins)', () => {
        const pinned = pkg.dependencies[name] ?? pkg.overrides[name]
        if (pinned) expect(pinned).toBe(version)
        else {
          const pinners = Object.entries(pkg.dependencies).filter(([dependency, range]) => {
            if (!/^\d+\.\d+\.\d+$/.test(range)) return false
            return installed(dependency).dependencies?.[name] === version
          })
          expect(pinners.map(([dependency]) => dependency)).not.toEqual([])
        }
      })

      it('is explained in patches/README.md', () => expect(documented).toContain(file))
    })
  }
})
