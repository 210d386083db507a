import { render, renderHook } from '@testing-library/react'
import { useLayoutEffect, type ReactNode } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import {
  HANDED_OVER_MARK,
  PRERENDERED_ATTRIBUTE,
  useHtmlShellHandOver,
} from '~/features/layout/html-shell'

function addShell(prerendered: boolean) {
  const shell = document.createElement('div')
  shell.id = 'html-shell'
  if (prerendered) shell.setAttribute(PRERENDERED_ATTRIBUTE, '')
  document.body.append(shell)
}

const shellShown = () => document.getElementById('html-shell') !== null

afterEach(() => {
  document.getElementById('html-shell')?.remove()
  performance.clearMarks(HANDED_OVER_MARK)
})

const handedOver = () => performance.getEntriesByName(HANDED_OVER_MARK, 'mark').length

describe('useHtmlShellHandOver', () => {
  it("removes index.html's generic shell as soon as the layout draws", () => {
    addShell(false)
    renderHook(() => useHtmlShellHandOver(false))
    expect(shellShown()).toBe(false)
  })

  it("is gone before the page's own layout effects run (they measure the page)", () => {
    addShell(false)
    const seen: boolean[] = []
    function Layout({ children }: { children: ReactNode }) {
      useHtmlShellHandOver()
      return children
    }
    function Page() {
      // Runs before its parent's layout effects: a measure here met #root still hidden.
      useLayoutEffect(() => void seen.push(shellShown()), [])
      return null
    }
    render(
      <Layout>
        <Page />
      </Layout>,
    )
    expect(seen).toEqual([false])
  })

  it('keeps a prerendered page until the app has drawn its own page', () => {
    addShell(true)
    const { rerender } = renderHook(({ pageDrawn }) => useHtmlShellHandOver(pageDrawn), {
      initialProps: { pageDrawn: false },
    })
    expect(shellShown()).toBe(true)
    expect(handedOver()).toBe(0)
    rerender({ pageDrawn: true })
    expect(shellShown()).toBe(false)
    // The moment the bench counts a first load's scripts up to (bench/run.ts).
    expect(handedOver()).toBe(1)
  })
})
