// @vitest-environment node
// The breaking-change report on hand-made pairs of contracts (the bundled contract and a copy
// with one change), in both directions: what breaks the site one way often does not the other.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { stringify } from 'yaml'
import { afterAll, describe, expect, it } from 'vitest'
import { diffCommand } from '../../src/diff'
import { diffContracts } from '../../src/diff-core'
import { DiffError, type DiffReport, type Side } from '../../src/diff-model'
import { markdownDiff, terminalDiff } from '../../src/diff-render'
import { resolveSide } from '../../src/diff-sides'
import { CommandError } from '../../src/paths'
import type { SiteUsage } from '../../src/site-usage'
import { captureIo, SITE, spec } from '../support'

const dir = mkdtempSync(join(tmpdir(), 'contract-diff-test-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

type Doc = {
  paths: Record<string, Record<string, Record<string, unknown>>>
  components: {
    schemas: Record<string, Record<string, unknown> & { properties?: Record<string, unknown> }>
    securitySchemes: Record<string, Record<string, unknown>>
  }
}

function write(name: string, edit?: (doc: Doc) => void): Side {
  const doc = structuredClone(spec) as unknown as Doc
  edit?.(doc)
  const file = join(dir, `${name}.yaml`)
  writeFileSync(file, stringify(doc))
  return { label: name, file }
}

const base = write('base')

async function both(name: string, edit: (doc: Doc) => void) {
  const changed = write(name, edit)
  const [forward, backward] = await Promise.all([
    diffContracts(base, changed),
    diffContracts(changed, base),
  ])
  return { forward, backward }
}

const rules = (r: DiffReport, breaking: boolean) =>
  r.changes.filter((c) => c.breaking === breaking).map((c) => c.rule)

describe('contract diff: one change, both directions', () => {
  it('removed operation is breaking; added operation is not', async () => {
    const { forward, backward } = await both('no-create-deposit', (d) => {
      delete d.paths['/v2/deposits']!.post
    })
    expect(rules(forward, true)).toContain('operation-removed')
    expect(forward.changes.find((c) => c.breaking)?.where).toBe('POST /v2/deposits')
    expect(backward.summary.breaking).toBe(0)
    expect(backward.summary.nonBreaking).toBeGreaterThan(0)
  }, 60_000)

  it('removed response field is breaking, for every operation answering it; added field is not', async () => {
    const { forward, backward } = await both('no-display-name', (d) => {
      const player = d.components.schemas.Player!
      delete player.properties!.displayName
      player.required = (player.required as string[]).filter((k) => k !== 'displayName')
    })
    const removed = forward.changes.find((c) => c.rule === 'property-removed')
    expect(removed?.breaking).toBe(true)
    expect(removed?.component).toBe('#/components/schemas/Player')
    expect(removed?.affects.map((a) => a.operationId).sort()).toEqual([
      'getPlayerInfo',
      'loginPlayer',
      'registerPlayer',
    ])
    expect(backward.summary.breaking).toBe(0)
  }, 60_000)

  it('money retyped to a number in a response is breaking both ways', async () => {
    const { forward, backward } = await both('amount-number', (d) => {
      d.components.schemas.Deposit!.properties!.amount = { type: 'number' }
    })
    expect(rules(forward, true)).toContain('schema-type-changed')
    expect(rules(backward, true)).toContain('schema-type-changed')
    const retyped = forward.changes.find((c) => c.rule === 'schema-type-changed')
    expect(retyped?.component).toBe('#/components/schemas/Deposit')
    expect(retyped?.affects.map((a) => a.operationId)).toContain('listDeposits')
  }, 60_000)

  it('narrowed response enum is breaking (site rule); widened is breaking too', async () => {
    const { forward, backward } = await both('no-rejected', (d) => {
      const status = d.components.schemas.WithdrawStatus!
      status.enum = (status.enum as string[]).filter((v) => v !== 'REJECTED')
      ;(status['x-enum-descriptions'] as string[]).splice(2, 1)
    })
    expect(rules(forward, true)).toEqual(['site/response-enum-narrowed'])
    expect(rules(backward, true)).toEqual(['enum-values-added'])
  }, 60_000)

  it('a response enum that gains and loses values names both (Redocly names only the gained)', async () => {
    const changed = write('order-status-swap', (d) => {
      const status = d.components.schemas.WithdrawStatus!
      status.enum = [...(status.enum as string[]).filter((v) => v !== 'REJECTED'), 'ON_HOLD']
    })
    const report = await diffContracts(base, changed)
    const swap = report.changes.filter((c) => c.breaking)
    expect(swap.map((c) => c.rule)).toEqual(['enum-values-added'])
    expect(swap[0]!.message).toMatch(/gained values: 'ON_HOLD'.*Enum lost 'REJECTED' in a response/)
  }, 60_000)

  it('new required request field is breaking; removing it again is breaking too (closed bodies)', async () => {
    const { forward, backward } = await both('login-otp-required', (d) => {
      const login = d.components.schemas.LoginRequest!
      login.properties!.otp = { type: 'string', minLength: 6, maxLength: 6 }
      login.required = [...(login.required as string[]), 'otp']
    })
    expect(rules(forward, true)).toContain('required-properties-added')
    expect(rules(backward, true)).toContain('property-removed')
  }, 60_000)

  it('changed status code is breaking both ways', async () => {
    const { forward, backward } = await both('deposit-200', (d) => {
      const responses = d.paths['/v2/deposits']!.post!.responses as Record<string, unknown>
      responses['200'] = responses['201']
      delete responses['201']
    })
    expect(rules(forward, true)).toContain('response-removed')
    expect(rules(backward, true)).toContain('response-removed')
  }, 60_000)

  it('public operation that now needs the session is breaking (site rule); the reverse is not', async () => {
    const { forward, backward } = await both('rates-protected', (d) => {
      delete d.paths['/v2/rates']!.get!.security
    })
    expect(rules(forward, true)).toEqual(['site/operation-became-protected'])
    expect(forward.changes[0]?.affects[0]?.operationId).toBe('listCurrencyRates')
    expect(backward.summary.breaking).toBe(0)
    expect(rules(backward, false)).toContain('site/operation-became-public')
  }, 60_000)

  it('classifies each of several changes: cookie renamed, Set-Cookie dropped, optional field added', async () => {
    const { forward, backward } = await both('mixed', (d) => {
      d.components.securitySchemes.playerSession!.name = 'session'
      const ok = (
        d.paths['/v2/players/login']!.post!.responses as Record<string, Record<string, unknown>>
      )['200']!
      delete ok.headers
      d.components.schemas.LoginRequest!.properties!.otp = { type: 'string' }
    })
    expect(rules(forward, true).sort()).toEqual([
      'response-header-removed',
      'security-scheme-changed',
    ])
    // A new optional request field is fine; taking it away again is not (closed request bodies).
    expect(forward.changes.find((c) => c.where.includes('request body otp'))?.breaking).toBe(false)
    expect(rules(backward, true).sort()).toEqual(['property-removed', 'security-scheme-changed'])
    expect(backward.changes.find((c) => c.where.endsWith('response 200 headers'))?.breaking).toBe(
      false,
    )
  }, 60_000)

  it('description-only change is not breaking either way', async () => {
    const { forward, backward } = await both('money-description', (d) => {
      d.components.schemas.Money!.description = 'A decimal string.'
    })
    for (const r of [forward, backward]) {
      expect(r.summary).toEqual({ breaking: 0, nonBreaking: 1 })
      expect(r.changes[0]?.impact).toBe('patch')
    }
  }, 60_000)
})

describe('contract diff inputs', () => {
  it('reads the split contract at a git ref, bundles it, and finds nothing against itself', async () => {
    const side = resolveSide('HEAD', join(dir, 'ref'))
    expect(side.label).toMatch(/^HEAD \([0-9a-f]{7}\)$/)
    const report = await diffContracts(side, side)
    expect(report.changes).toEqual([])
  }, 60_000)

  it('refuses what is neither a file nor a git ref', () => {
    expect(() => resolveSide('no-such-ref-or-file', join(dir, 'none'))).toThrow(DiffError)
  })
})

describe('the screens of the site a change reaches', () => {
  const usage: SiteUsage = {
    source: 'a test map',
    operations: {
      createDeposit: { screens: ['/player/deposit'], files: ['src/features/wallet/deposit.tsx'] },
      listDeposits: { screens: ['/player/deposit/history'], files: [] },
      listCurrencyRates: { screens: ['/player/deposit', '/player/withdraw'], files: [] },
    },
  }

  it('names the screens that call an operation a breaking change affects', async () => {
    const head = write('deposit-amount-number', (d) => {
      d.components.schemas.Deposit!.properties!.amount = { type: 'number' }
    })
    const report = await diffContracts(base, head, usage)
    expect(report.summary.breaking).toBeGreaterThan(0)
    expect(report.site?.breaks['/player/deposit']).toContain('createDeposit')
    expect(report.site?.breaks['/player/deposit/history']).toContain('listDeposits')
    expect(terminalDiff(report)).toContain('breaks: /player/deposit')
    expect(markdownDiff(report)).toMatch(/\| \/player\/deposit \| .*`createDeposit`/)
    // Operations the site does not call reach no screen.
    expect(report.site?.breaks['/player/withdraw']).toBeUndefined()
  }, 60_000)

  it('lists no screen when nothing breaking reaches one (control)', async () => {
    const head = write('money-doc', (d) => {
      d.components.schemas.Money!.description = 'Another description.'
    })
    const report = await diffContracts(base, head, usage)
    expect(report.site?.breaks).toEqual({})
    expect(markdownDiff(report)).not.toContain('Screens of the site')
  }, 60_000)

  it("reads the map from the site's src/ when run in the site", async () => {
    const out = join(dir, 'out-site')
    const head = write('rates-gone', (d) => delete d.paths['/v2/rates'])
    const cap = captureIo()
    const cwd = process.cwd()
    process.chdir(SITE)
    try {
      await diffCommand(['--base', base.file, '--head', head.file, '--out', out], cap.io)
    } finally {
      process.chdir(cwd)
    }
    const json = JSON.parse(readFileSync(join(out, 'diff.json'), 'utf8')) as DiffReport
    expect(json.site?.source).toMatch(/src\/ of .* \(scanned now\)/)
    expect(json.changes.find((c) => c.breaking)?.affects[0]?.operationId).toBe('listCurrencyRates')
  }, 60_000)
})

describe('contract-check diff (the command)', () => {
  async function run(args: string[]) {
    const cap = captureIo()
    let code: number
    try {
      code = await diffCommand(args, cap.io)
    } catch (error) {
      if (!(error instanceof CommandError)) throw error
      cap.io.err(`contract:diff: ${error.message}`)
      code = error.exitCode
    }
    return { code, stdout: cap.stdout(), stderr: cap.stderr() }
  }

  it('exits 1 on breaking changes and writes Markdown and JSON', async () => {
    const head = write('cli-breaking', (d) => delete d.paths['/v2/rates'])
    const out = join(dir, 'out-breaking')
    const { code, stdout } = await run(['--base', base.file, '--head', head.file, '--out', out])
    expect(code).toBe(1)
    expect(stdout).toContain('BREAKING  /v2/rates')
    expect(readFileSync(join(out, 'diff.md'), 'utf8')).toContain('### Breaking for the site')
    const json = JSON.parse(readFileSync(join(out, 'diff.json'), 'utf8')) as DiffReport
    expect(json.summary.breaking).toBe(1)
  }, 60_000)

  it('exits 0 when nothing breaks, and 2 when the base cannot be read', async () => {
    const head = write('cli-docs', (d) => {
      d.components.schemas.Money!.description = 'Changed.'
    })
    const ok = await run(['--base', base.file, '--head', head.file, '--out', join(dir, 'out-ok')])
    expect(ok.code).toBe(0)
    expect(ok.stdout).toContain('nothing breaking for the site (1 other change)')
    const bad = await run(['--base', 'no-such-ref-or-file'])
    expect(bad.code).toBe(2)
    expect(bad.stderr.trim()).toBe(
      'contract:diff: "no-such-ref-or-file" is neither a file, "shipped" nor a git ref',
    )
  }, 60_000)
})
