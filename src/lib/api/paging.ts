/** A page of a list; the page size is the contract's default unless asked. */
export type PageQuery = { page?: number; pageSize?: number }

/** Lists open on their first page (the contract's pages count from 1). */
export const FIRST_PAGE = 1
