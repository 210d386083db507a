// The diff's shared vocabulary: the two sides compared, a change as reported, where it lands.
export type Json = Record<string, unknown>

export const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']

export class DiffError extends Error {}

export type Side = { label: string; file: string }

export type Affected = {
  operationId: string
  method: string
  path: string
  direction: Direction
  /** The site's screens (routes) whose code calls this operation, when it calls it at all. */
  screens?: string[]
}
export type Direction = 'request' | 'response'

export type Change = {
  breaking: boolean
  /** Redocly's semver impact, or `major` for a breaking site rule. */
  impact: 'major' | 'minor' | 'patch'
  rule: string
  source: 'redocly' | 'site'
  kind: 'added' | 'removed' | 'modified'
  /** Readable location of the first occurrence. */
  where: string
  pointer: string
  /** Component where the change was made, when it was made in one. */
  component?: string
  property?: string
  message: string
  affects: Affected[]
}

export type DiffReport = {
  base: Side
  head: Side
  engine: string
  summary: { breaking: number; nonBreaking: number }
  changes: Change[]
  /**
   * What the site calls, and from which screens, for the operations the changes affect:
   * `source` says where the map came from (the site's src/ now, or the one shipped).
   */
  site?: {
    source: string
    /** Screen -> the operations of breaking changes it calls (what a backend developer reads). */
    breaks: Record<string, string[]>
  }
}
