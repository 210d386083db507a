import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { PRESSABLE_STYLE_ID, pressableStyleInHtml } from '../../config/pressable-style'
import { injectedStyles } from '../../config/security-headers'
import { installedPrivateModule } from '../helpers/installed-module'

describe('pressableStyleInHtml (config/pressable-style.ts)', () => {
  it("puts react-aria's pressable style, verbatim, under the id usePress looks for, after Vite's HTML step", () => {
    const plugin = pressableStyleInHtml()
    const hook = plugin.transformIndexHtml as { order: string; handler: () => unknown }
    expect(hook.order).toBe('post')
    expect(hook.handler()).toEqual([
      {
        tag: 'style',
        attrs: { id: PRESSABLE_STYLE_ID },
        children: injectedStyles.pressable,
        injectTo: 'head',
      },
    ])
    // usePress skips its own injection only for an element with this id.
    const { source } = installedPrivateModule('react-aria', 'interactions/usePress.mjs')
    expect(source).toMatch(new RegExp(`const \\$\\w+\\$var\\$STYLE_ID = '${PRESSABLE_STYLE_ID}';`))
    expect(source).toMatch(/\.getElementById\(\$\w+\$var\$STYLE_ID\)\) return;/)
  })

  it('index.html has no style of its own that Vite would minify out of the hash', () => {
    expect(readFileSync('index.html', 'utf8')).not.toContain('<style')
  })
})
