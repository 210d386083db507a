import { readFileSync } from 'node:fs'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { LogoMark } from '~/ui/logo'

/**
 * An SVG's shapes as [tag, attributes] pairs, without what may differ between the copies: ids
 * (a gradient's id is the page's own), the reference to them, and the svg element's size,
 * class and accessibility attributes.
 */
function shapes(markup: string) {
  const svg = new DOMParser().parseFromString(markup, 'image/svg+xml').documentElement
  return [...svg.querySelectorAll('*')].map((element) => [
    element.tagName,
    Object.fromEntries(
      [...element.attributes]
        .filter((attribute) => attribute.name !== 'id')
        .map((attribute) => [attribute.name, attribute.value.replace(/^url\(#.+\)$/, 'url(#)')]),
    ),
  ])
}

describe('LogoMark', () => {
  const mark = renderToStaticMarkup(<LogoMark className="size-12" />)

  it('draws public/logo.svg, and so does the shell in index.html', () => {
    const file = readFileSync('public/logo.svg', 'utf8')
    const shell = /<svg viewBox="0 0 64 64"[\s\S]*?<\/svg>/.exec(readFileSync('index.html', 'utf8'))
    expect(shell, 'index.html draws the mark inline').not.toBeNull()
    expect(shapes(mark)).toEqual(shapes(file))
    expect(shapes(shell![0])).toEqual(shapes(file))
    expect(shapes(file).length).toBeGreaterThan(3)
  })

  it('is decoration, with a gradient id of its own on each', () => {
    const svg = new DOMParser().parseFromString(mark, 'image/svg+xml').documentElement
    expect(svg.getAttribute('aria-hidden')).toBe('true')
    const id = svg.querySelector('linearGradient')!.id
    expect(svg.querySelector('circle')!.getAttribute('fill')).toBe(`url(#${id})`)
    const twice = renderToStaticMarkup(
      <>
        <LogoMark />
        <LogoMark />
      </>,
    )
    expect(new Set(twice.match(/ id="[^"]+"/g)).size).toBe(2)
  })
})
