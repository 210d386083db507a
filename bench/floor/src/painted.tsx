// Mounts the floor with one page at `path` over the copy of it that the page's HTML drew
// first: the HTML's copy goes in the commit that draws the app's, as the site's shell does
// (src/features/layout/html-shell.ts), and marks the hand-over the same way, so the bench
// counts the app's scripts as the site's (bench/README.md, step 4).
import { createRoute } from '@tanstack/react-router'
import { useInsertionEffect, type ComponentType } from 'react'
import { HANDED_OVER_MARK } from '../../../src/features/layout/html-shell'
import { mount, rootRoute } from './floor'

export function mountPainted(path: string, Page: ComponentType) {
  function Painted() {
    useInsertionEffect(() => {
      document.getElementById('html-shell')?.remove()
      performance.mark(HANDED_OVER_MARK)
    }, [])
    return <Page />
  }
  mount([createRoute({ getParentRoute: () => rootRoute, path, component: Painted })])
}
