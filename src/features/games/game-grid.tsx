import { memo, useLayoutEffect, useRef, useState, type FocusEvent } from 'react'
import { settledModule } from '~/ui/lazy-overlay'
import type { Game } from './game-data'
import {
  columnsFor,
  ESTIMATED_ROW_HEIGHT,
  MIN_ROW_HEIGHT,
  ROW_CLASS,
  RowTiles,
  rowColumns,
} from './game-rows'
import { useMeasureAfterLayout } from './measure-after-layout'

// The virtualiser (TanStack Virtual, ~10 KB gz) draws the rows below the first screen: its code
// comes once the page has settled, or at once when the player scrolls or tabs into the grid
// (first-load JS on player pages).
const virtualRows = settledModule(() => import('./virtual-game-rows'))

type GameGridProps = {
  games: readonly Game[]
  opening: string | undefined
  onPlay: (game: Game) => void
}

/**
 * The games as a grid of rows. The rows a first screen can show are plain rows, drawn with the
 * page (a tall phone screen's worth, counted once); the rest are drawn by the virtualiser, only
 * those near the screen, once its code is in. Until then they hold their estimated height, the
 * same the virtualiser starts from, so nothing below moves when it takes over.
 *
 * Memoised: a key typed in the search re-renders the page at once and filters in a deferred
 * render, so the grid, still showing the same games, is left alone until that one.
 */
export const GameGrid = memo(function GameGrid({ games, opening, onPlay }: GameGridProps) {
  const listRef = useRef<HTMLDivElement>(null)
  // Both read from the window, which needs no layout of the list. The list is a little
  // narrower than the window (the page's padding; 1104 px at most): the observer below
  // corrects a wrong guess before the first paint.
  const [firstScreen] = useState(() => ({
    rows: Math.ceil(window.innerHeight / MIN_ROW_HEIGHT),
    columns: columnsFor(window.innerWidth),
  }))
  const firstScreenRows = firstScreen.rows
  const [columns, setColumns] = useState(firstScreen.columns)
  const virtual = virtualRows.useModule()

  // The column count follows the list's own width.
  useMeasureAfterLayout(
    listRef,
    (entry) => columnsFor(entry ? entry.contentRect.width : listRef.current!.clientWidth),
    setColumns,
  )

  // Rows drawn plainly past the first screen for a keyboard player who got there first.
  const [reachedRows, setReachedRows] = useState(0)
  const rowCount = Math.ceil(games.length / columns)
  const plainRows = Math.min(rowCount, firstScreenRows + reachedRows)
  const rows = { games, columns, opening, onPlay }

  // A player who scrolls or tabs towards the rest before the page has settled fetches it now.
  const restNeeded = !virtual && rowCount > plainRows
  // Until that code is in, a player tabbing through the tiles finds the next row drawn as
  // they reach the last one, so Tab goes on to the next game instead of leaving the list.
  const focused = (event: FocusEvent<HTMLDivElement>) => {
    if (!restNeeded) return
    virtualRows.load()
    const tile = event.target.closest('[role="listitem"]')
    const place = Number(tile?.getAttribute('aria-posinset'))
    if (place && Math.ceil(place / columns) >= plainRows) setReachedRows((n) => n + 1)
  }
  useLayoutEffect(() => {
    if (!restNeeded) return
    window.addEventListener('scroll', virtualRows.load, { once: true, passive: true })
    return () => window.removeEventListener('scroll', virtualRows.load)
  }, [restNeeded])

  return (
    <div ref={listRef} role="list" className="w-full" onFocus={restNeeded ? focused : undefined}>
      {Array.from({ length: plainRows }, (_, row) => (
        <div key={row} className={ROW_CLASS} style={rowColumns(columns)}>
          <RowTiles {...rows} row={row} firstScreen />
        </div>
      ))}
      {virtual ? (
        <virtual.VirtualGameRows {...rows} firstRow={plainRows} />
      ) : (
        <div style={{ height: (rowCount - plainRows) * ESTIMATED_ROW_HEIGHT }} />
      )}
    </div>
  )
})
