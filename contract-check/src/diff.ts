// `npm run contract:diff -- --base <git ref or file>`: what changed in the contract since an
// earlier version, and is any of it breaking for the site? See --help.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import {
  DEFAULT_ENTRY,
  DiffError,
  ROOT,
  diffContracts,
  markdownDiff,
  resolveSide,
  terminalDiff,
  type Side,
} from './diff-core'

const DEFAULT_OUT = 'reports/contract-diff'

const HELP = `Breaking-change report: compares the contract with an earlier version and classifies
every change as breaking for the site or not.

Usage: npm run contract:diff -- --base <git ref or file> [options]

  --base <ref|file>  Earlier version: a git ref (HEAD~1, main, origin/main, a tag, a commit)
                     whose ${DEFAULT_ENTRY} is read, or an OpenAPI file (split or bundled).
  --head <ref|file>  Later version (default: ${DEFAULT_ENTRY} in the working tree).
  --entry <path>     Root file of the contract inside a git ref (default ${DEFAULT_ENTRY}).
  --out <dir>        Where diff.md and diff.json go (default ${DEFAULT_OUT}).
  -h, --help         This text.

Breaking for the site: removed path or operation, removed or retyped response field, a
response field that may now be absent or null, a response enum that gains or loses values,
a new required request field or parameter, tighter request constraints, a removed or renamed
status code, a removed response header (Set-Cookie) or media type, a public operation that now
needs the session, a changed security scheme, a changed operationId. Descriptions, examples,
new optional fields, new operations and new error statuses are not.

Exit codes: 0 nothing breaking, 1 breaking changes, 2 the comparison could not be made.`

function fail(message: string): never {
  console.error(`contract:diff: ${message}`)
  process.exit(2)
}

async function main(): Promise<number> {
  let args
  try {
    args = parseArgs({
      options: {
        base: { type: 'string' },
        head: { type: 'string' },
        entry: { type: 'string', default: DEFAULT_ENTRY },
        out: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    }).values
  } catch (error) {
    fail(`${(error as Error).message} (see --help)`)
  }
  if (args.help) {
    console.log(HELP)
    return 0
  }
  if (!args.base) fail('--base <git ref or file> is required (see --help)')
  const work = mkdtempSync(join(tmpdir(), 'contract-diff-src-'))
  try {
    const base = resolveSide(args.base, join(work, 'base'), args.entry)
    const head: Side = args.head
      ? resolveSide(args.head, join(work, 'head'), args.entry)
      : { label: `working tree (${args.entry})`, file: resolve(ROOT, args.entry) }
    const report = await diffContracts(base, head)
    const outDir = args.out ? resolve(args.out) : resolve(ROOT, DEFAULT_OUT)
    mkdirSync(outDir, { recursive: true })
    const files = [join(outDir, 'diff.md'), join(outDir, 'diff.json')]
    writeFileSync(files[0]!, markdownDiff(report))
    writeFileSync(files[1]!, JSON.stringify(report, null, 2) + '\n')
    console.log(terminalDiff(report))
    console.log(`reports: ${files.map((f) => relative(process.cwd(), f)).join(', ')}`)
    return report.summary.breaking > 0 ? 1 : 0
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof DiffError) fail(error.message)
    console.error(`contract:diff: ${error instanceof Error ? error.message : String(error)}`)
    if (process.env.DEBUG) console.error(error)
    process.exit(2)
  },
)
