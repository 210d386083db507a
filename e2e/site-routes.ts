// Every route of the site, read from the generated route tree (never a hand list), so a new
// page is fuzzed and walked by the journeys the day it lands. A route whose parameter has known
// values is each of its pages (`/player/game/$provider`: one a provider, config/first-calls.ts).
import { readFileSync } from 'node:fs'
import { routePages } from '../config/first-calls'

export function siteRoutes(): string[] {
  const tree = readFileSync('generated/routeTree.gen.ts', 'utf8')
  const block = /export interface FileRoutesByTo \{([^}]*)\}/.exec(tree)?.[1] ?? ''
  return [...block.matchAll(/'([^']+)':/g)].flatMap((m) =>
    routePages(m[1]!).map((page) => page.file),
  )
}
