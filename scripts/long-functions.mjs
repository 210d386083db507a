#!/usr/bin/env node
// Lists every function (declaration, expression, arrow, method, accessor) longer than a limit
// in the hand-written code (the house rule: no function over 120 lines). generated/ is the
// generator's, not ours, and test files' describe callbacks are lists of cases, not logic.
// Usage: node scripts/long-functions.mjs [--max 120] [dir ...]   (exits 1 when one is found)
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'

export const DEFAULT_MAX = 120
export const DEFAULT_ROOTS = [
  'src',
  'mock',
  'contract-check/src',
  'scripts',
  'bench',
  'tests',
  'e2e',
]
const SKIP_DIRS = new Set(['node_modules', 'generated', 'dist', 'dist-e2e', '.git'])
const SOURCE = /\.(?:[cm]?[jt]sx?)$/
const TEST_FILE = /\.(?:test|spec)\.[cm]?[jt]sx?$/
const SUITE_CALLS = new Set(['describe', 'test.describe'])

function* files(dir) {
  let entries
  try {
    entries = readdirSync(dir, { withFileTypes: true })
  } catch {
    return
  }
  for (const entry of entries) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) yield* files(path)
    } else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) yield path
  }
}

function nameOf(node) {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text
  const parent = node.parent
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) {
    return parent.name.text
  }
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText()
  if (parent && ts.isCallExpression(parent)) return `${parent.expression.getText()}(…) callback`
  return '(anonymous)'
}

/** A describe(...) callback in a test file: a list of cases, left to the test's author. */
function isSuiteCallback(node, isTest) {
  const parent = node.parent
  return (
    isTest &&
    parent !== undefined &&
    ts.isCallExpression(parent) &&
    SUITE_CALLS.has(parent.expression.getText())
  )
}

/** Every function in one file's text longer than max lines: { file, line, name, lines }. */
export function longFunctionsIn(file, text, max = DEFAULT_MAX) {
  const kind = /\.[cm]?tsx$|\.jsx$/.test(file) ? ts.ScriptKind.TSX : ts.ScriptKind.TS
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind)
  const isTest = TEST_FILE.test(file)
  const found = []
  const visit = (node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line
      const lines = end - start + 1
      if (lines > max && !isSuiteCallback(node, isTest)) {
        found.push({ file, line: start + 1, name: nameOf(node), lines })
      }
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

export function longFunctions(roots = DEFAULT_ROOTS, max = DEFAULT_MAX, cwd = process.cwd()) {
  const found = []
  for (const root of roots) {
    for (const path of files(join(cwd, root))) {
      found.push(...longFunctionsIn(relative(cwd, path), readFileSync(path, 'utf8'), max))
    }
  }
  return found
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2)
  const maxAt = args.indexOf('--max')
  const max = maxAt >= 0 ? Number(args.splice(maxAt, 2)[1]) : DEFAULT_MAX
  const found = longFunctions(args.length > 0 ? args : DEFAULT_ROOTS, max)
  for (const f of found) console.log(`${f.file}:${f.line}  ${f.name}  ${f.lines} lines`)
  console.log(`${found.length} function(s) over ${max} lines`)
  process.exitCode = found.length > 0 ? 1 : 0
}
