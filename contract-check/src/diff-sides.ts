// The two sides of a diff: a file, the contract this package ships, or the contract's files at
// a git ref (read with `git ls-tree`/`git show` into a temp folder: no checkout, no worktree).
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { DiffError, type Side } from './diff-model'
import { SHIPPED_CONTRACT } from './paths'

export const DEFAULT_ENTRY = 'openapi/openapi.yaml'
/** The side name for the contract this package ships (what the site was built against). */
export const SHIPPED_SIDE = 'shipped'

function git(args: string[], cwd = process.cwd()): string {
  return execFileSync('git', ['-C', cwd, ...args], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
}

/**
 * A file as is, `shipped` for the contract this package was built from, or the contract's
 * files at a git ref of the repository around the current folder, written to `workDir`.
 */
export function resolveSide(spec: string, workDir: string, entry = DEFAULT_ENTRY): Side {
  if (existsSync(spec)) return { label: spec, file: resolve(spec) }
  if (spec === SHIPPED_SIDE) {
    if (!existsSync(SHIPPED_CONTRACT))
      throw new DiffError(`this package has no shipped contract (${SHIPPED_CONTRACT}): build it`)
    return { label: 'shipped contract', file: SHIPPED_CONTRACT }
  }
  let commit: string
  let root: string
  try {
    root = git(['rev-parse', '--show-toplevel']).trim()
    commit = git(['rev-parse', '--verify', '--quiet', `${spec}^{commit}`]).trim()
  } catch {
    throw new DiffError(`"${spec}" is neither a file, "${SHIPPED_SIDE}" nor a git ref`)
  }
  const folder = dirname(entry)
  const files = git(['ls-tree', '-r', '-z', '--name-only', commit, '--', folder], root)
    .split('\0')
    .filter(Boolean)
  if (!files.includes(entry)) throw new DiffError(`${spec} (${commit.slice(0, 7)}) has no ${entry}`)
  const dir = join(workDir, commit.slice(0, 12))
  for (const file of files) {
    const target = join(dir, file)
    mkdirSync(dirname(target), { recursive: true })
    writeFileSync(
      target,
      execFileSync('git', ['-C', root, 'show', `${commit}:${file}`], {
        maxBuffer: 64 * 1024 * 1024,
      }),
    )
  }
  return { label: `${spec} (${commit.slice(0, 7)})`, file: join(dir, entry) }
}
