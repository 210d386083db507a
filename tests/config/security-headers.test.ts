import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  contentSecurityPolicy,
  injectedStyles,
  securityHeaders,
} from '../../config/security-headers'

const reactAria = join(process.cwd(), 'node_modules/react-aria/dist/private')

/** Every `<style>` text react-aria's ES build injects, with its constants filled in. */
function stylesInjectedByReactAria(): string[] {
  const texts: string[] = []
  const files = readdirSync(reactAria, { recursive: true, encoding: 'utf8' })
  for (const file of files.filter((name) => name.endsWith('.mjs'))) {
    const source = readFileSync(join(reactAria, file), 'utf8')
    if (!source.includes("createElement('style')")) continue
    const constants = new Map(
      [...source.matchAll(/const (\S+) = '([^']*)';/g)].map(([, name, value]) => [name, value]),
    )
    for (const [, template] of source.matchAll(/style\.textContent = `([^`]*)`\.trim\(\)/g)) {
      texts.push(
        template!.replace(/\$\{(\S+?)\}/g, (_, name: string) => constants.get(name) ?? '?').trim(),
      )
    }
  }
  return texts
}

const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

describe('Content-Security-Policy', () => {
  it('allows by hash exactly the style elements react-aria injects (an upgrade that changes them fails here)', () => {
    const injected = stylesInjectedByReactAria()
    expect(injected.sort()).toEqual(Object.values(injectedStyles).sort())
    const styleSrc = contentSecurityPolicy.split('; ').find((d) => d.startsWith('style-src '))
    for (const text of injected) expect(styleSrc).toContain(hashOf(text))
  })

  it('allows no inline or evaluated script, no plugins, no base tag and no framing', () => {
    const directives = Object.fromEntries(
      contentSecurityPolicy.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]),
    )
    expect(directives['script-src']).toEqual(["'self'"])
    expect(contentSecurityPolicy).not.toContain('unsafe-inline')
    expect(contentSecurityPolicy).not.toContain('unsafe-eval')
    expect(directives['object-src']).toEqual(["'none'"])
    expect(directives['base-uri']).toEqual(["'none'"])
    expect(directives['frame-ancestors']).toEqual(["'none'"])
    expect(securityHeaders['X-Content-Type-Options']).toBe('nosniff')
    expect(securityHeaders['Referrer-Policy']).toBeTruthy()
  })

  it('is the one docs/deploy.md gives for the preview, nginx and Caddy', () => {
    const guide = readFileSync(join(process.cwd(), 'docs/deploy.md'), 'utf8')
    expect(guide.split(contentSecurityPolicy).length - 1).toBeGreaterThanOrEqual(3)
  })
})
