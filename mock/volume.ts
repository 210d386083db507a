// Long lists for paging and the virtualised game grid: a scenario can ask for N rows of a
// list operation (`long-lists`: 300 rows per history, 500 games per provider). The rows are
// the served example's own rows, repeated with their ids, codes and names made unique and
// their dates moved further back row by row; a history is paged by the request's `page` and
// `pageSize`. The layer validates the result against the response schema (mock/validate.ts).
import { isoSeconds, mapValues } from './dates'

type Json = Record<string, unknown>

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T/
const UNIQUE = new Set(['id', 'code', 'transactionCode'])
/** Between two generated rows: older rows are further back. */
const ROW_GAP_MS = 6 * 3_600_000

/** Row `n` made from the templates: unique keys suffixed, dates moved back n gaps. */
function row(templates: unknown[], n: number): unknown {
  const template = templates[n % templates.length]
  const round = Math.floor(n / templates.length)
  return mapValues(template, (value, key) => {
    if (typeof value !== 'string') return value
    if (round > 0 && UNIQUE.has(key)) return `${value}-${round}`
    if (round > 0 && key === 'name') return `${value} ${round + 1}`
    if (DATE_TIME.test(value) && !value.startsWith('0001-')) {
      return isoSeconds(Date.parse(value) - round * templates.length * ROW_GAP_MS)
    }
    return value
  })
}

const rows = (templates: unknown[], from: number, to: number) =>
  Array.from({ length: Math.max(0, to - from) }, (_, i) => row(templates, from + i))

/** The answer with `count` rows: a page of `items` (paged by the query) or all `games`. */
export function withVolume(answer: unknown, count: number, query: URLSearchParams): unknown {
  if (!isObject(answer)) return answer
  if (Array.isArray(answer.games) && answer.games.length) {
    return { ...answer, games: rows(answer.games, 0, count) }
  }
  if (Array.isArray(answer.items) && answer.items.length && typeof answer.pageSize === 'number') {
    const pageSize = Number(query.get('pageSize')) || answer.pageSize
    const page = Number(query.get('page')) || 1
    const from = (page - 1) * pageSize
    return {
      ...answer,
      items: rows(answer.items, from, Math.min(count, from + pageSize)),
      page,
      pageSize,
      total: count,
    }
  }
  return answer
}
