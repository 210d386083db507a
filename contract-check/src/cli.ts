// The one command of the package: `contract-check drift | diff | docs | --version | --help`.
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { operations } from '../../generated/api/operations'
import { loadContract } from './contract'
import { diffCommand } from './diff'
import { docsCommand } from './docs'
import { driftCommand, processIo } from './drift'
import { CommandError, packageVersion, SHIPPED_CONTRACT } from './paths'
import { scanSite } from './site-usage'

function versionText(): string {
  const { name, version } = packageVersion()
  if (!existsSync(SHIPPED_CONTRACT)) return `${name} ${version} (no shipped contract: build it)`
  const contract = loadContract(SHIPPED_CONTRACT)
  const sha = createHash('sha256').update(readFileSync(SHIPPED_CONTRACT)).digest('hex')
  return `${name} ${version}\ncontract: ${contract.info.title} ${contract.info.version} (${contract.operations.size} operations, openapi.yaml sha256 ${sha.slice(0, 12)})`
}

function help(bin: string): string {
  return `${bin}: is a server still the site's contract, and does a contract change break the site?

Usage:
  ${bin} drift --target <base URL> [--write] [...]   live conformance of a server (exit 0/1/2)
  ${bin} diff --base <ref|file|shipped> [...]         breaking changes for the site (exit 0/1/2)
  ${bin} docs [--out <file>]                          offline HTML reference of the contract
  ${bin} --version                                    package and contract versions

\`${bin} <command> --help\` for each command's options.`
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv
  const { bin } = packageVersion()
  switch (command) {
    case 'drift':
      return driftCommand(rest)
    case 'diff':
      return diffCommand(rest)
    case 'docs':
      return docsCommand(rest)
    case '--version':
    case '-v':
    case 'version':
      console.log(versionText())
      return 0
    // Build step: the map of which site screens call which operation (see site-usage.ts).
    case 'site-usage': {
      const [src = 'src', out] = rest
      const usage = scanSite(
        resolve(src),
        operations,
        "the site's src/ when this package was built",
      )
      const json = JSON.stringify(usage, null, 2) + '\n'
      if (out) writeFileSync(out, json)
      else process.stdout.write(json)
      return 0
    }
    case undefined:
    case '--help':
    case '-h':
    case 'help':
      console.log(help(bin))
      return command === undefined ? 2 : 0
    default:
      throw new CommandError(`unknown command "${command}" (drift, diff, docs, --version)`)
  }
}

const names: Record<string, string> = { drift: 'drift', diff: 'contract:diff', docs: 'docs' }
main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const who = names[process.argv[2] ?? ''] ?? packageVersion().bin
    if (error instanceof CommandError) {
      console.error(`${who}: ${error.message}`)
      process.exit(error.exitCode)
    }
    console.error(`${who}: ${error instanceof Error ? error.message : String(error)}`)
    if (processIo.env.DEBUG) console.error(error)
    process.exit(2)
  },
)
