// Every route of the site, read from the generated route tree (never a hand list), so a new
// page is fuzzed and walked by the journeys the day it lands.
import { readFileSync } from 'node:fs'

export function siteRoutes(): string[] {
  const tree = readFileSync('generated/routeTree.gen.ts', 'utf8')
  const block = /export interface FileRoutesByTo \{([^}]*)\}/.exec(tree)?.[1] ?? ''
  return [...block.matchAll(/'([^']+)':/g)].map((m) => m[1]!)
}
