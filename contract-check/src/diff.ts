// `contract-check diff --base <ref|file|shipped>`: what changed in the contract since an
// earlier version, is any of it breaking for the site, and which screens of the site does it
// reach? See --help.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative, resolve } from 'node:path'
import { operations } from '../../generated/api/operations'
import { diffContracts } from './diff-core'
import { DiffError, type Side } from './diff-model'
import { markdownDiff, terminalDiff } from './diff-render'
import { DEFAULT_ENTRY, resolveSide, SHIPPED_SIDE } from './diff-sides'
import type { Io } from './drift'
import { processIo } from './drift'
import { CommandError, packageVersion, parseCommandArgs, SHIPPED_SITE_USAGE } from './paths'
import { loadSiteUsage } from './site-usage'

const DEFAULT_OUT = 'reports/contract-diff'

function help(bin: string) {
  return `Breaking-change report: compares the contract with an earlier version, classifies every
change as breaking for the site or not, and names the screens of the site each one reaches.

Usage: ${bin} diff --base <ref|file|shipped> [options]

  --base <ref|file>  Earlier version: a git ref (HEAD~1, main, origin/main, a tag, a commit)
                     whose ${DEFAULT_ENTRY} is read, an OpenAPI file (split or bundled), or
                     "${SHIPPED_SIDE}": the contract this package was built from.
  --head <ref|file>  Later version (default: ${DEFAULT_ENTRY} in the current folder when it
                     exists, else "${SHIPPED_SIDE}").
  --entry <path>     Root file of the contract inside a git ref (default ${DEFAULT_ENTRY}).
  --out <dir>        Where diff.md and diff.json go (default ${DEFAULT_OUT}).
  -h, --help         This text.

Backend developer, before changing the server: does my new contract break the site?
  ${bin} diff --base ${SHIPPED_SIDE} --head my-openapi.yaml

Breaking for the site: removed path or operation, removed or retyped response field, a
response field that may now be absent or null, a response enum that gains or loses values,
a new required request field or parameter, tighter request constraints, a removed or renamed
status code, a removed response header (Set-Cookie) or media type, a public operation that now
needs the session, a changed security scheme, a changed operationId. Descriptions, examples,
new optional fields, new operations and new error statuses are not.

The screens come from the site's src/ when run in the site's folder, else from the map this
package ships (computed from the site's src/ when it was built).

Exit codes: 0 nothing breaking, 1 breaking changes, 2 the comparison could not be made.`
}

export async function diffCommand(argv: string[], io: Io = processIo): Promise<number> {
  const { bin } = packageVersion()
  const args = parseCommandArgs(argv, {
    base: { type: 'string' },
    head: { type: 'string' },
    entry: { type: 'string', default: DEFAULT_ENTRY },
    out: { type: 'string' },
  })
  if (args.help) {
    io.out(help(bin))
    return 0
  }
  if (!args.base)
    throw new CommandError('--base <git ref, file or shipped> is required (see --help)')
  const work = mkdtempSync(join(tmpdir(), 'contract-diff-src-'))
  try {
    const base = resolveSide(args.base, join(work, 'base'), args.entry)
    const head: Side = args.head
      ? resolveSide(args.head, join(work, 'head'), args.entry)
      : existsSync(args.entry)
        ? { label: `working tree (${args.entry})`, file: resolve(args.entry) }
        : resolveSide(SHIPPED_SIDE, work)
    const usage = loadSiteUsage(process.cwd(), operations, SHIPPED_SITE_USAGE)
    const report = await diffContracts(base, head, usage)
    const outDir = resolve(args.out ?? DEFAULT_OUT)
    mkdirSync(outDir, { recursive: true })
    const files = [join(outDir, 'diff.md'), join(outDir, 'diff.json')]
    writeFileSync(files[0]!, markdownDiff(report))
    writeFileSync(files[1]!, JSON.stringify(report, null, 2) + '\n')
    io.out(terminalDiff(report))
    io.out(`reports: ${files.map((f) => relative(process.cwd(), f)).join(', ')}`)
    return report.summary.breaking > 0 ? 1 : 0
  } catch (error) {
    if (error instanceof DiffError) throw new CommandError(error.message)
    throw error
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}
