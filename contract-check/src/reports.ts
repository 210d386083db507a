// Drift reports: a table for the terminal, JUnit XML for any CI, Markdown for a pull-request
// comment or a job summary, JSON for tools and HAR for a browser's network panel or a replay
// tool. Each is a pure function of the result; secrets were masked when the calls were recorded.
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { AUDIT } from './audit'
import type { CheckOutcome } from './check-shared'
import { MEASURES, measureLine } from './coverage'
import { CHECKS, FINDING_KINDS, type CallRecord, type Finding } from './drift-checks'
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
  const below = result.coverage.below.length
    ? `; coverage below --min-coverage (${result.coverage.below.join(', ')})`
    : ''
  return `${verdict}; ${s.exercised}/${s.operations} operations exercised in ${s.calls} calls, ${seconds(result.durationMs)} s${below}`
}

/** The coverage lines every report shows: each measure, then what the run did not reach. */
export function coverageLines(result: DriftResult): string[] {
  const { coverage } = result
  const seen = coverage.transitions.byTable
    .filter((t) => t.seen.length)
    .map((t) => `${t.table} ${t.seen.join(', ')}`)
  return [
    ...MEASURES.map((m) => measureLine(coverage, m)),
    `transitions seen: ${seen.join('; ') || 'none'}`,
    `promises not reached: ${coverage.promises.missed.join(', ') || 'none'}`,
  ]
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
      out.push(`    reproduce: ${call.curl}`)
    }
  }
  if (result.aborted) out.push('', `Stopped early: ${result.aborted}`)
  const checks = checkSummary(result.checks)
  if (checks.length) {
    out.push('', 'Checks around the calls:')
    for (const line of checks) out.push(`  ${line}`)
  }
  out.push('', 'Coverage (what this run exercised):')
  for (const line of coverageLines(result)) out.push(`  ${line}`)
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
  const failed = result.summary.findings || result.coverage.below.length
  out.push('', (failed ? paint(31, 'x ') : paint(32, 'v ')) + headline(result))
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

/** One line per check: how many operations passed, failed, were not exercised. */
export function checkSummary(checks: CheckOutcome[]): string[] {
  const names = [...new Set(checks.map((c) => c.check))]
  return names.map((name) => {
    const own = checks.filter((c) => c.check === name)
    const count = (s: CheckOutcome['status']) => own.filter((c) => c.status === s).length
    const failed = own.filter((c) => c.status === 'failed').map((c) => c.operationId)
    return `${name.padEnd(14)} ${count('passed')} passed, ${count('failed')} failed${failed.length ? ` (${failed.join(', ')})` : ''}, ${count('not exercised')} not exercised`
  })
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
        .map((c) =>
          [
            callLine(c),
            ...c.findings.map((f) => `  - ${findingLine(f)}`),
            `  reproduce: ${c.curl}`,
          ].join('\n'),
        )
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
    `    <properties>\n      <property name="target" value="${xml(result.target)}"/>\n      <property name="mode" value="${xml(mode(result))}"/>\n${MEASURES.map((m) => `      <property name="coverage.${m}" value="${xml(measureLine(result.coverage, m))}"/>`).join('\n')}\n    </properties>`,
    ...cases,
    '  </testsuite>',
    ...checksSuite(result),
    ...coverageSuite(result),
    '</testsuites>',
    '',
  ].join('\n')
}

/** One case per measure (a failure below --min-coverage) and per audit promise (skipped: not reached). */
function coverageSuite(result: DriftResult): string[] {
  const { coverage } = result
  const measures = MEASURES.map((m) => {
    const open = `    <testcase classname="contract-drift.coverage" name="coverage ${m}" time="0"`
    const line = xml(measureLine(coverage, m))
    return coverage.below.includes(m)
      ? `${open}>\n      <failure type="min-coverage" message="${line}">${xml(coverage[m].missed.join('\n'))}</failure>\n    </testcase>`
      : `${open}>\n      <system-out>${line}</system-out>\n    </testcase>`
  })
  const promises = AUDIT.map((p) => {
    const open = `    <testcase classname="contract-drift.promise.${xml(p.check)}" name="${xml(`promise ${p.id}: ${p.promise}`)}" time="0"`
    return coverage.promises.missed.includes(p.id)
      ? `${open}>\n      <skipped message="not reached in this run"/>\n    </testcase>`
      : `${open}>\n      <system-out>${xml(`checked by ${p.check} (${p.source})`)}</system-out>\n    </testcase>`
  })
  const failures = coverage.below.length
  const skipped = coverage.promises.missed.length
  return [
    `  <testsuite name="contract drift coverage: ${xml(result.target)}" tests="${measures.length + promises.length}" failures="${failures}" skipped="${skipped}" errors="0" time="0" timestamp="${result.startedAt}">`,
    ...measures,
    ...promises,
    '  </testsuite>',
  ]
}

function checksSuite(result: DriftResult): string[] {
  if (!result.checks.length) return []
  const checks = result.checks
  const failures = checks.filter((c) => c.status === 'failed').length
  const skipped = checks.filter((c) => c.status === 'not exercised').length
  const cases = checks.map((c) => {
    const open = `    <testcase classname="contract-drift.check.${xml(c.check)}" name="${xml(`${c.check} ${c.operationId}`)}" time="0"`
    if (c.status === 'failed') {
      const text = result.calls
        .filter((call) => call.operationId === c.operationId && call.check === c.check)
        .filter((call) => call.findings.length)
        .map((call) =>
          [
            callLine(call),
            ...call.findings.map((f) => `  - ${findingLine(f)}`),
            `  reproduce: ${call.curl}`,
          ].join('\n'),
        )
        .join('\n')
      return `${open}>\n      <failure type="${xml(c.check)}" message="${xml(`${c.operationId}: ${c.detail}`)}">${xml(text)}</failure>\n    </testcase>`
    }
    if (c.status === 'not exercised')
      return `${open}>\n      <skipped message="${xml(c.detail)}"/>\n    </testcase>`
    return `${open}>\n      <system-out>${xml(c.detail)}</system-out>\n    </testcase>`
  })
  return [
    `  <testsuite name="contract drift checks: ${xml(result.target)}" tests="${checks.length}" failures="${failures}" skipped="${skipped}" errors="0" time="0" timestamp="${result.startedAt}">`,
    ...cases,
    '  </testsuite>',
  ]
}

// ---------------------------------------------------------------- Markdown

const md = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ')

export function markdownReport(result: DriftResult, options: { summary?: boolean } = {}): string {
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
    out.push(`<details><summary>Reproduce (curl, secrets masked)</summary>`, '')
    for (const c of drifted) {
      out.push(`\`${c.operationId}\` ${c.note ?? CHECKS[c.check]}:`, '', '```sh', c.curl, '```', '')
    }
    out.push('</details>', '')
  }
  if (result.aborted) out.push(`**Stopped early:** ${md(result.aborted)}`, '')
  if (result.checks.length) {
    out.push('| Check | Passed | Failed | Not exercised |', '| --- | --- | --- | --- |')
    for (const name of Object.keys(CHECKS)) {
      const own = result.checks.filter((c) => c.check === name)
      if (!own.length) continue
      const list = (s: CheckOutcome['status']) => own.filter((c) => c.status === s)
      const failed = list('failed').map((c) => `\`${c.operationId}\``)
      out.push(
        `| ${md(CHECKS[name as keyof typeof CHECKS])} | ${list('passed').length} | ${failed.length}${failed.length ? ` (${failed.join(', ')})` : ''} | ${list('not exercised').length} |`,
      )
    }
    out.push('')
  }
  out.push('| Coverage | Exercised | Percent | Minimum |', '| --- | --- | --- | --- |')
  for (const m of MEASURES) {
    const c = result.coverage[m]
    const min = result.coverage.minimum?.[m]
    const below = result.coverage.below.includes(m) ? ' **below**' : ''
    out.push(
      `| ${m} | ${c.covered}/${c.total} | ${c.percent}% | ${min === undefined ? '' : `${min}%${below}`} |`,
    )
  }
  out.push(
    '',
    ...coverageLines(result)
      .slice(MEASURES.length)
      .map((l) => `- ${md(l)}`),
    '',
  )
  // A CI job page wants the verdict, the findings and how to reproduce them, not every call.
  if (options.summary) return out.join('\n')
  const notRun = result.checks.filter((c) => c.status === 'not exercised')
  if (notRun.length) {
    out.push(`<details><summary>Checks not exercised (${notRun.length})</summary>`, '')
    for (const c of notRun) out.push(`- ${c.check} \`${c.operationId}\`: ${md(c.detail)}`)
    out.push('', '</details>', '')
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
      `| ${c.findings.length ? 'drift' : 'ok'} | \`${c.operationId}\` | \`${md(`${c.method} ${c.url}`)}\` | ${c.status ?? '-'} | ${c.durationMs} ms | ${md(c.note ?? (c.check === 'scenario' ? '' : c.check))} |`,
    )
  }
  out.push('', '</details>', '')
  return out.join('\n')
}

// ---------------------------------------------------------------- files

// ---------------------------------------------------------------- HAR 1.2

const nameValues = (pairs: [string, string][]) => pairs.map(([name, value]) => ({ name, value }))

export function harReport(result: DriftResult, version: string): string {
  const entries = result.calls.map((c, i) => {
    const url = new URL(c.request.url)
    const started = new Date(Date.parse(result.startedAt) + i).toISOString()
    const type = (c.request.headers.find(([k]) => k.toLowerCase() === 'content-type') ?? [])[1]
    const responseType = c.contentType ?? ''
    return {
      startedDateTime: started,
      time: c.durationMs,
      comment: `${c.operationId} (${c.check}${c.note ? `: ${c.note}` : ''})${c.findings.length ? ` DRIFT: ${c.findings.map(findingLine).join('; ')}` : ''}`,
      request: {
        method: c.request.method,
        url: c.request.url,
        httpVersion: 'HTTP/1.1',
        cookies: [],
        headers: nameValues(c.request.headers),
        queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
        ...(c.request.body !== undefined
          ? { postData: { mimeType: type ?? 'application/json', text: c.request.body } }
          : {}),
        headersSize: -1,
        bodySize: c.request.body?.length ?? 0,
      },
      response: {
        status: c.status ?? 0,
        statusText: c.error ?? '',
        httpVersion: 'HTTP/1.1',
        cookies: [],
        headers: nameValues(c.response?.headers ?? []),
        content: {
          size: c.response?.body?.length ?? 0,
          mimeType: responseType,
          ...(c.response?.body !== undefined ? { text: c.response.body } : {}),
        },
        redirectURL: '',
        headersSize: -1,
        bodySize: c.response?.body?.length ?? -1,
      },
      cache: {},
      timings: { send: 0, wait: c.durationMs, receive: 0 },
    }
  })
  return (
    JSON.stringify(
      { log: { version: '1.2', creator: { name: 'contract-check', version }, entries } },
      null,
      2,
    ) + '\n'
  )
}

// ---------------------------------------------------------------- files

export const REPORT_FILES = {
  junit: 'drift.junit.xml',
  markdown: 'drift.md',
  json: 'drift.json',
  har: 'drift.har',
} as const

export function writeReports(
  result: DriftResult,
  dir: string,
  version: string,
): Record<keyof typeof REPORT_FILES, string> {
  mkdirSync(dir, { recursive: true })
  const files = {
    junit: join(dir, REPORT_FILES.junit),
    markdown: join(dir, REPORT_FILES.markdown),
    json: join(dir, REPORT_FILES.json),
    har: join(dir, REPORT_FILES.har),
  }
  writeFileSync(files.junit, junitReport(result))
  writeFileSync(files.markdown, markdownReport(result))
  writeFileSync(files.json, JSON.stringify(result, null, 2) + '\n')
  writeFileSync(files.har, harReport(result, version))
  return files
}

/** The job-page summary (GitHub Actions names the file in GITHUB_STEP_SUMMARY). */
export function writeStepSummary(result: DriftResult, file: string | undefined): boolean {
  if (!file) return false
  appendFileSync(file, markdownReport(result, { summary: true }) + '\n')
  return true
}
