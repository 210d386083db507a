// Where the package finds what it ships. The same relative layout holds for the sources
// (src/*.ts, run by the tests) and for the build (dist/cli.js): both sit one level below the
// package folder, and the build writes the shipped files into dist/.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs, type ParseArgsConfig } from 'node:util'

export const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url))
/** The bundled contract the package was built from (copied from generated/openapi.yaml). */
export const SHIPPED_CONTRACT = join(PACKAGE_DIR, 'dist', 'openapi.yaml')
/** Which site screens call which operation, computed from the site's src/ at build time. */
export const SHIPPED_SITE_USAGE = join(PACKAGE_DIR, 'dist', 'site-usage.json')

export function packageVersion(): { name: string; version: string; bin: string } {
  const pkg = JSON.parse(readFileSync(join(PACKAGE_DIR, 'package.json'), 'utf8')) as {
    name: string
    version: string
    bin: Record<string, string>
  }
  return { name: pkg.name, version: pkg.version, bin: Object.keys(pkg.bin)[0] ?? pkg.name }
}

/** Thrown by a command for a one-line message and an exit code (no stack trace). */
export class CommandError extends Error {
  constructor(
    message: string,
    readonly exitCode = 2,
  ) {
    super(message)
  }
}

/**
 * A command's options as node:util parses them (strict, no positionals), with `--help`/`-h`
 * added; a bad option is a CommandError that points at `--help`.
 */
export function parseCommandArgs<const O extends NonNullable<ParseArgsConfig['options']>>(
  argv: string[],
  options: O,
) {
  try {
    return parseArgs({
      args: argv,
      options: { ...options, help: { type: 'boolean', short: 'h', default: false } },
      strict: true,
      allowPositionals: false,
    }).values
  } catch (error) {
    throw new CommandError(`${(error as Error).message} (see --help)`)
  }
}
