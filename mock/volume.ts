// Long lists for paging and the virtualised game grid: a scenario can ask for N rows of a
// list operation (`long-lists`: 300 rows per history, 500 games per provider, 50
// promotions). The rows are the served example's own rows, repeated with their ids, codes and
// names (titles) made unique and their dates moved further back row by row; a history is paged
// by the request's `page` and `pageSize`, any other list (an answer's one array of rows) is
// answered whole. A generated row can be named by its own id (`generatedRow`): the layer then
// answers as its template, with the row's values (`asGenerated`: a generated promotion's detail
// and claim). The layer validates the result against the response schema (mock/validate.ts).
import { isoSeconds, mapValues } from './dates'

type Json = Record<string, unknown>

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T/
const UNIQUE = new Set(['id', 'usageId', 'code', 'transactionCode'])
/** What a player reads a row by: numbered from the second round on ("Daily bonus 2"). */
const NAMES = new Set(['name', 'title'])
/** Between two generated rows: older rows are further back. */
const ROW_GAP_MS = 6 * 3_600_000

/** Row `n` made from the templates: unique keys suffixed, dates moved back n gaps. */
function row(templates: unknown[], n: number): unknown {
  const template = templates[n % templates.length]
  const round = Math.floor(n / templates.length)
  return mapValues(template, (value, key) => {
    if (typeof value !== 'string') return value
    if (round > 0 && UNIQUE.has(key)) return `${value}-${round}`
    if (round > 0 && NAMES.has(key)) return `${value} ${round + 1}`
    if (DATE_TIME.test(value) && !value.startsWith('0001-')) {
      return isoSeconds(Date.parse(value) - round * templates.length * ROW_GAP_MS)
    }
    return value
  })
}

const rows = (templates: unknown[], from: number, to: number) =>
  Array.from({ length: Math.max(0, to - from) }, (_, i) => row(templates, from + i))

const isPaged = (answer: Json): answer is Json & { items: unknown[]; pageSize: number } =>
  Array.isArray(answer.items) && answer.items.length > 0 && typeof answer.pageSize === 'number'

/** An unpaged answer's one non-empty array of rows (`games`, `promotions`), by its key. */
function wholeList(answer: Json): [string, unknown[]] | undefined {
  const lists = Object.entries(answer).filter(
    (entry): entry is [string, unknown[]] => Array.isArray(entry[1]) && entry[1].length > 0,
  )
  return lists.length === 1 ? lists[0] : undefined
}

/** The answer with `count` rows: a page of `items` (paged by the query) or its whole list. */
export function withVolume(answer: unknown, count: number, query: URLSearchParams): unknown {
  if (!isObject(answer)) return answer
  if (isPaged(answer)) {
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
  const list = wholeList(answer)
  return list ? { ...answer, [list[0]]: rows(list[1], 0, count) } : answer
}

/** A row withVolume made beyond the example's own rows, and the example row it was made from. */
export type GeneratedRow = { row: Json; template: Json; key: string }

/**
 * The row of the unpaged `answer` made `count` rows long whose unique key (`id`, `code`...)
 * is `value`, with its template and that key. Undefined for an example's own row (it is not
 * generated) and for a value no generated row carries.
 */
export function generatedRow(
  answer: unknown,
  count: number,
  value: string,
): GeneratedRow | undefined {
  const list = isObject(answer) && !isPaged(answer) ? wholeList(answer) : undefined
  if (!list) return undefined
  const templates = list[1]
  for (let n = templates.length; n < count; n++) {
    const made = row(templates, n)
    const template = templates[n % templates.length]
    if (!isObject(made) || !isObject(template)) continue
    const key = [...UNIQUE].find((k) => made[k] === value)
    if (key) return { row: made, template, key }
  }
  return undefined
}

/**
 * An answer about a generated row built from its template's answer: every value the row made
 * its own (id, title, dates) replaced wherever the template's value stands, whatever the key
 * (a promotion's `id` and `title` in its detail, `promotionId` and `promotionTitle` in a claim).
 */
export function asGenerated(answer: unknown, { row: made, template }: GeneratedRow): unknown {
  const own = new Map<unknown, unknown>()
  for (const [key, value] of Object.entries(made)) {
    if (typeof value === 'string' && value !== template[key]) own.set(template[key], value)
  }
  return mapValues(answer, (value) => (own.has(value) ? own.get(value) : value))
}
