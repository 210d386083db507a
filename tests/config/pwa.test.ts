import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { manifestLinkOutOfHtml } from '../../config/pwa'

const require = createRequire(import.meta.url)

type ManifestOptions = {
  manifest: object
  buildBase: string
  manifestFilename: string
  useCredentials: boolean
}

/** vite-plugin-pwa's own maker of the manifest's tag, from the installed package's build. */
async function installedManifestTag(): Promise<(options: ManifestOptions, dev: boolean) => string> {
  const dist = dirname(require.resolve('vite-plugin-pwa'))
  const file = readdirSync(dist).find(
    (name) =>
      name.endsWith('.js') &&
      /^function generateWebManifest\(/m.test(readFileSync(join(dist, name), 'utf8')),
  )
  if (!file) throw new Error('vite-plugin-pwa has no generateWebManifest any more')
  const module = (await import(pathToFileURL(join(dist, file)).href)) as {
    generateWebManifest: (options: ManifestOptions, dev: boolean) => string
  }
  return module.generateWebManifest
}

const handler = (html: string) =>
  (manifestLinkOutOfHtml().transformIndexHtml as { handler: (html: string) => string }).handler(
    html,
  )

const page = (head: string) => `<html><head><title></title>${head}</head><body></body></html>`

describe('manifestLinkOutOfHtml (config/pwa.ts)', () => {
  it("takes vite-plugin-pwa's manifest link out of the HTML, after the plugin's own step", async () => {
    const plugin = manifestLinkOutOfHtml()
    expect(plugin.apply).toBe('build')
    expect(plugin.enforce).toBe('post')
    expect((plugin.transformIndexHtml as { order: string }).order).toBe('post')
    const tag = await installedManifestTag()
    for (const useCredentials of [false, true]) {
      const link = tag(
        { manifest: {}, buildBase: '/', manifestFilename: 'manifest.webmanifest', useCredentials },
        false,
      )
      expect(link).toContain('rel="manifest"')
      expect(handler(page(link))).toBe(page(''))
    }
  })

  it('fails the build when the link is not there once (a changed library)', () => {
    expect(() => handler(page(''))).toThrow(/found 0/)
    const link = '<link rel="manifest" href="/manifest.webmanifest">'
    expect(() => handler(page(link + link))).toThrow(/found 2/)
  })
})
