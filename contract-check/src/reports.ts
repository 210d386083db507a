// Drift reports: a table for the terminal, JUnit XML for any CI, Markdown for a pull-request
// comment and JSON for tools. Each is a pure function of the result.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { FINDING_KINDS, type CallRecord, type Finding } from './drift-checks'
import type { DriftResult, OperationOutcome } from './drift-run'

const seconds = (ms: number) => (ms / 1000).toFixed(2)
const findingsOf = (o: OperationOutcome) => o.calls.flatMap((c) => c.findings)

function mode(result: DriftResult) {
  return result.write ? 'read and write calls' : 'read calls only (write calls need --write)'
}

export function headline(result: DriftResult): string {
  const s = result.summary
  const verdict = s.findings
    ? `DRIFT: ${s.findings} finding${s.findings === 1 ? '' : 's'} in ${s.driftedOperations} operation${s.driftedOperations === 1 ? '' : 's'}`
    : 'CLEAN: no drift'
  return `${verdict}; ${s.exercised}/${s.operations} operations exercised in ${s.calls} calls, ${seconds(result.durationMs)} s`
}

function findingLine(f: Finding) {
  return `${f.kind}${f.field ? ` [${f.field}]` : ''}: ${f.message}`
}

// ---------------------------------------------------------------- terminal

function pad(text: string, width: number) {
  return text.length >= width ? text : text + ' '.repeat(width - text.length)
}

export function terminalReport(result: DriftResult, color = false): string {
  const paint = (code: number, text: string) => (color ? `\x1b[${code}m${text}\x1b[0m` : text)
  const rows = result.calls.map((c) => [
    c.findings.length ? 'DRIFT' : 'ok',
    c.operationId,
    `${c.method} ${c.url}`,
    c.status === undefined ? '-' : String(c.status),
    `${c.durationMs} ms`,
  ])
  const header = ['result', 'operation', 'call', 'status', 'time']
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
  // Pad first, colour after, so escape codes do not count as width.
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => {
        const padded = pad(cell, widths[i]!)
        if (i !== 0 || cell === 'result' || cell.startsWith('-')) return padded
        return paint(cell === 'ok' ? 32 : 31, padded)
      })
      .join('  ')
      .trimEnd()
  const out: string[] = []
  out.push(`Contract drift of ${result.target} (Prism proxy ${result.proxy}), ${mode(result)}`)
  out.push('')
  out.push(line(header))
  out.push(line(widths.map((w) => '-'.repeat(w))))
  for (const row of rows) out.push(line(row))
  const drifted = result.calls.filter((c) => c.findings.length)
  if (drifted.length) {
    out.push('', paint(31, 'Findings:'))
    for (const call of drifted) {
      out.push(
        `  ${call.operationId} (${call.method} ${call.url} -> ${call.status ?? 'no answer'})`,
      )
      for (const f of call.findings) out.push(`    - ${findingLine(f)}`)
      if (call.note) out.push(`    (${call.note})`)
    }
  }
  const errors = result.operations.filter((o) => o.error)
  if (errors.length) {
    out.push('', "The site's client could not use the answer:")
    for (const o of errors) out.push(`  ${o.operationId}: ${o.error}`)
  }
  const skipped = result.operations.filter((o) => !o.exercised)
  if (skipped.length) {
    out.push('', `Not exercised (${skipped.length}):`)
    for (const o of skipped) out.push(`  ${pad(o.operationId, 24)} ${o.reason ?? ''}`)
  }
  out.push('', (result.summary.findings ? paint(31, 'x ') : paint(32, 'v ')) + headline(result))
  return out.join('\n')
}

// ---------------------------------------------------------------- JUnit

const xml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    // XML 1.0 forbids these control characters even escaped; matching them is the point.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')

function callLine(c: CallRecord) {
  return `${c.method} ${c.url} -> ${c.status ?? 'no answer'}${c.note ? ` (${c.note})` : ''}`
}

export function junitReport(result: DriftResult): string {
  const ops = result.operations
  const failures = ops.filter((o) => findingsOf(o).length).length
  const skipped = ops.filter((o) => !o.exercised).length
  const time = seconds(result.durationMs)
  const cases = ops.map((o) => {
    const caseTime = seconds(o.calls.reduce((n, c) => n + c.durationMs, 0))
    const open = `    <testcase classname="contract-drift.${xml(o.tag || 'contract')}" name="${xml(`${o.operationId} ${o.method} ${o.path}`)}" time="${caseTime}"`
    const found = findingsOf(o)
    if (found.length) {
      const text = o.calls
        .filter((c) => c.findings.length)
        .map((c) => [callLine(c), ...c.findings.map((f) => `  - ${findingLine(f)}`)].join('\n'))
        .join('\n')
      const first = found[0]!
      return `${open}>\n      <failure type="${xml(first.kind)}" message="${xml(`${o.operationId}: ${findingLine(first)}${found.length > 1 ? ` (+${found.length - 1} more)` : ''}`)}">${xml(text)}</failure>\n    </testcase>`
    }
    if (!o.exercised) {
      return `${open}>\n      <skipped message="${xml(o.reason ?? 'not exercised')}"/>\n    </testcase>`
    }
    const out = o.calls.map(callLine).join('\n')
    return `${open}>\n      <system-out>${xml(out)}</system-out>\n    </testcase>`
  })
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="contract drift" tests="${ops.length}" failures="${failures}" skipped="${skipped}" errors="0" time="${time}">`,
    `  <testsuite name="contract drift: ${xml(result.target)}" tests="${ops.length}" failures="${failures}" skipped="${skipped}" errors="0" time="${time}" timestamp="${result.startedAt}">`,
    `    <properties>\n      <property name="target" value="${xml(result.target)}"/>\n      <property name="mode" value="${xml(mode(result))}"/>\n    </properties>`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n')
}

// ---------------------------------------------------------------- Markdown

const md = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ')

export function markdownReport(result: DriftResult): string {
  const out: string[] = []
  const s = result.summary
  out.push(`## Contract drift: ${s.findings ? 'drift found' : 'clean'}`)
  out.push('')
  out.push(
    `Target \`${result.target}\` through Prism's validating proxy, ${mode(result)}. ${headline(result)}.`,
  )
  out.push('')
  const drifted = result.calls.filter((c) => c.findings.length)
  if (drifted.length) {
    out.push('| Operation | Call | Status | Finding | Field | Detail |')
    out.push('| --- | --- | --- | --- | --- | --- |')
    for (const c of drifted) {
      for (const f of c.findings) {
        out.push(
          `| \`${c.operationId}\` | \`${md(`${c.method} ${c.url}`)}\` | ${c.status ?? '-'} | ${FINDING_KINDS[f.kind]} | ${f.field ? `\`${md(f.field)}\`` : ''} | ${md(f.message)} |`,
        )
      }
    }
    out.push('')
  }
  const skipped = result.operations.filter((o) => !o.exercised)
  out.push(`<details><summary>Not exercised (${skipped.length})</summary>`, '')
  if (skipped.length) {
    for (const o of skipped)
      out.push(`- \`${o.operationId}\` ${o.method} ${o.path}: ${o.reason ?? ''}`)
  } else out.push('Every operation of the contract was exercised.')
  out.push('', '</details>', '')
  out.push(`<details><summary>All calls (${result.calls.length})</summary>`, '')
  out.push('| Result | Operation | Call | Status | Time | Note |')
  out.push('| --- | --- | --- | --- | --- | --- |')
  for (const c of result.calls) {
    out.push(
      `| ${c.findings.length ? 'drift' : 'ok'} | \`${c.operationId}\` | \`${md(`${c.method} ${c.url}`)}\` | ${c.status ?? '-'} | ${c.durationMs} ms | ${md(c.note ?? '')} |`,
    )
  }
  out.push('', '</details>', '')
  return out.join('\n')
}

// ---------------------------------------------------------------- files

export const REPORT_FILES = {
  junit: 'drift.junit.xml',
  markdown: 'drift.md',
  json: 'drift.json',
} as const

export function writeReports(
  result: DriftResult,
  dir: string,
): Record<keyof typeof REPORT_FILES, string> {
  mkdirSync(dir, { recursive: true })
  const files = {
    junit: join(dir, REPORT_FILES.junit),
    markdown: join(dir, REPORT_FILES.markdown),
    json: join(dir, REPORT_FILES.json),
  }
  writeFileSync(files.junit, junitReport(result))
  writeFileSync(files.markdown, markdownReport(result))
  writeFileSync(files.json, JSON.stringify(result, null, 2) + '\n')
  return files
}
