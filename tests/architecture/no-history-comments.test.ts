// @vitest-environment node
// Comments say what the code does and why; when and in which issue it changed is git's to
// tell. This test fails on any line of the hand-written folders that names a work session
// ("the twenty-ninth session", "session 12") or an issue ("issue 19", "issues 11-14", "(#19)").
// The player's session (session cookie, sessionStorage, "session expired") is a product word
// and passes.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const FOLDERS = ['src', 'config', 'scripts', 'mock', 'contract-check', 'bench', 'fuzz']
/** The tools' configuration at the top, which says why as much as config/ does. */
const TOP_CONFIGS = [
  'vite.config.ts',
  'playwright.config.ts',
  'eslint.config.js',
  'paraglide.config.js',
  'openapi-ts.config.ts',
]
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs|json|md|yaml|yml|css|html)$/

const ORDINAL =
  '(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|' +
  '[a-z]+teenth|[a-z]+tieth|[a-z]+-(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth)|' +
  'this|last|previous|earlier|later|next|one)'
/** Words after "<ordinal> session" that make it the player's session, not a work session. */
const PRODUCT_NOUN =
  '(?:cookies?|checks?|state|storage|ids?|tokens?|keys?|expir\\w*|ended|ends|timeouts?)\\b'
const HISTORY = [
  new RegExp(`\\b${ORDINAL}\\s+sessions?\\b(?!\\s+${PRODUCT_NOUN})`, 'i'),
  /\bsessions?\s+#?\d+/i,
  /\bissues?\s+#?\d+/i,
  /\(#\d+\)/,
]

/** Comment markers a wrapped line starts with, so a phrase split over two lines is found. */
const LEADING_MARKER = /^\s*(?:\/\/+|\/\*+|\*+|#+|<!--|\{\/\*)?\s*/

function namesHistory(text: string): boolean {
  return HISTORY.some((pattern) => pattern.test(text))
}

/** 1-based numbers of the lines that name a session or an issue (alone or with the next). */
function historyLines(text: string): number[] {
  const lines = text.split('\n')
  const found: number[] = []
  lines.forEach((line, index) => {
    const next = lines[index + 1]
    const joined =
      next === undefined ? line : `${line.trimEnd()} ${next.replace(LEADING_MARKER, '')}`
    const alone = namesHistory(line)
    const split = !alone && namesHistory(joined) && !(next !== undefined && namesHistory(next))
    if (alone || split) found.push(index + 1)
  })
  return found
}

function trackedSources(): string[] {
  return execFileSync('git', ['ls-files', '-z', '--', ...FOLDERS, ...TOP_CONFIGS], {
    encoding: 'utf8',
  })
    .split('\0')
    .filter((file) => SOURCE.test(file))
}

describe('comments name no session and no issue', () => {
  it('holds for src, config, scripts, mock, contract-check, bench, fuzz and the top-level configs', () => {
    const offenders = trackedSources().flatMap((file) =>
      historyLines(readFileSync(file, 'utf8')).map((line) => `${file}:${line}`),
    )
    expect(offenders).toEqual([])
  })

  it('finds a session or an issue, also split over two lines', () => {
    const positives = [
      '// Added in the twenty-ninth session because the first paint was late',
      '/* see issue 19 */',
      ' * the goals of Issue #19, decision 009',
      '// budgets after issues 11-14',
      '// measured in session 12',
      '// this session moved it here',
      '// the earlier session measured 0.8x',
      '// (decision 009, sixteenth to twenty-eighth sessions)',
      '// fixed the overflow (#42)',
      '"$comment": "Tenth session: the grid lazy"',
    ]
    for (const sample of positives) expect(namesHistory(sample), sample).toBe(true)
    expect(historyLines('// decision 009, twenty-eighth\n// session). Then more.\n')).toEqual([1])
    expect(historyLines(' * as measured in\n * issue 19.\n')).toEqual([2])
  })

  it('leaves the player’s session and other words alone', () => {
    const negatives = [
      '// 401: the session expired, the player logs in again',
      "sessionStorage.setItem('reloaded', '1')",
      'const session = useSession()',
      '// only a 401 ends a session',
      '// the first session check is left alone',
      '// this session cookie and scenario',
      '// the player opens a game session',
      '// a zod issue on an account form',
      '// decision 009: TBT 0.80x on every load',
      "const color = '#1919ff'",
    ]
    for (const sample of negatives) expect(namesHistory(sample), sample).toBe(false)
    expect(historyLines('// the session\n// expired\n')).toEqual([])
  })
})
