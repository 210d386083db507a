import { describe, expect, it } from 'vitest'
import { withPrerenderedShell } from '../../config/prerender-pages'

const INDEX = `<!doctype html>
<html lang="lo">
  <head><script async src="/assets/preload-x.js"></script>
    <script type="module" crossorigin src="/assets/index-x.js"></script></head>
  <body class="bg-surface text-ink">
    <div id="html-shell" class="flex min-h-dvh flex-col" aria-hidden="true">
      <div class="sticky top-0">bar</div>
    </div>
    <div id="root"></div>
  </body>
</html>`

describe('withPrerenderedShell', () => {
  it('puts the page in place of the generic shell, inert and hidden, keeping the rest', () => {
    const html = withPrerenderedShell(INDEX, '<main><h1>ເຂົ້າສູ່ລະບົບ</h1></main>')
    expect(html).toContain(
      '<div id="html-shell" data-prerendered aria-hidden="true" inert><main><h1>ເຂົ້າສູ່ລະບົບ</h1></main></div>',
    )
    expect(html).not.toContain('bar</div>')
    expect(html).toContain('<script async src="/assets/preload-x.js"></script>')
    expect(html.indexOf('id="html-shell"')).toBeLessThan(html.indexOf('<div id="root"></div>'))
  })

  it('leaves the entry script out: the preload script starts the app once the page has painted', () => {
    const html = withPrerenderedShell(INDEX, '<main><h1>ເຂົ້າສູ່ລະບົບ</h1></main>')
    expect(html).not.toContain('index-x.js')
    expect(html).not.toContain('type="module"')
  })

  it('fails the build when index.html has no shell before #root, or no entry script', () => {
    const entry = '<script type="module" crossorigin src="/assets/index-x.js"></script>'
    expect(() => withPrerenderedShell(`${entry}<div id="root"></div>`, '<h1>x</h1>')).toThrow(
      /html-shell/,
    )
    expect(() => withPrerenderedShell(INDEX.replace(entry, ''), '<h1>x</h1>')).toThrow(/entry/)
  })
})

describe('withPrerenderedShell and the CSP', () => {
  it('refuses a page with an inline script or style attribute', () => {
    expect(() => withPrerenderedShell(INDEX, '<script>x()</script>')).toThrow(/CSP/)
    expect(() => withPrerenderedShell(INDEX, '<p style="color:red">x</p>')).toThrow(/CSP/)
  })
})
