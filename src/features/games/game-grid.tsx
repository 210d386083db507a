import {
  defaultRangeExtractor,
  measureElement,
  useWindowVirtualizer,
  type Range,
} from '@tanstack/react-virtual'
import { useCallback, useLayoutEffect, useRef, useState } from 'react'
import type { Game } from './game-data'
import { GameTile } from './game-tile'

// Tiles are at least this wide (px), with this gap: two columns on a 375 px phone, five at most.
const MIN_TILE_WIDTH = 160
const GAP = 12
const MAX_COLUMNS = 5
const MIN_COLUMNS = 2
// A first guess of a row's height before it is measured (a 4:3 picture plus the text block).
const ESTIMATED_ROW_HEIGHT = 300
// Rows kept beyond the screen: Tab to the next Play button finds it rendered, and a fast
// thumb-scroll meets tiles, not gaps.
const OVERSCAN_ROWS = 3

function columnsFor(width: number) {
  const fit = Math.floor((width + GAP) / (MIN_TILE_WIDTH + GAP))
  return Math.min(MAX_COLUMNS, Math.max(MIN_COLUMNS, fit))
}

type GameGridProps = {
  games: readonly Game[]
  opening: string | undefined
  onPlay: (game: Game) => void
}

/**
 * The games as a grid that renders only the rows near the screen (TanStack Virtual, following
 * the window's scroll): 300 tiles rendered at once cost seconds of main thread on a throttled
 * phone (decision 010 has the measurement). Rows are measured, so a longer name never overlaps.
 * The row holding keyboard focus is always kept, so focus is never lost to a scroll.
 */
export function GameGrid({ games, opening, onPlay }: GameGridProps) {
  const listRef = useRef<HTMLDivElement>(null)
  const [columns, setColumns] = useState(MIN_COLUMNS)
  const [scrollMargin, setScrollMargin] = useState(0)
  const focusedRow = useRef<number | undefined>(undefined)

  // The column count follows the list's own width; its offset in the page is where the
  // window's scroll starts to matter.
  useLayoutEffect(() => {
    const list = listRef.current
    if (!list) return
    const update = () => {
      setColumns(columnsFor(list.clientWidth))
      setScrollMargin(list.getBoundingClientRect().top + window.scrollY)
    }
    update()
    // Old phone browsers (and jsdom) have no ResizeObserver: the first measure stands.
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(update)
    observer.observe(list)
    observer.observe(document.body)
    return () => observer.disconnect()
  }, [])

  const rowCount = Math.ceil(games.length / columns)
  const rangeExtractor = useCallback((range: Range) => {
    const rows = defaultRangeExtractor(range)
    const kept = focusedRow.current
    return kept === undefined || rows.includes(kept) ? rows : [...rows, kept].sort((a, b) => a - b)
  }, [])
  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: () => ESTIMATED_ROW_HEIGHT,
    overscan: OVERSCAN_ROWS,
    scrollMargin,
    rangeExtractor,
    // A row always holds a tile: zero means it was not laid out (a hidden tab, no layout
    // engine), and would pile every row onto the first.
    measureElement: (element, entry, instance) =>
      measureElement(element, entry, instance) || ESTIMATED_ROW_HEIGHT,
  })

  return (
    <div
      ref={listRef}
      role="list"
      className="relative w-full"
      style={{ height: virtualizer.getTotalSize() }}
      onFocus={(event) => {
        const row = (event.target as HTMLElement).closest<HTMLElement>('[data-index]')
        focusedRow.current = row ? Number(row.dataset.index) : undefined
      }}
      onBlur={() => {
        focusedRow.current = undefined
      }}
    >
      {virtualizer.getVirtualItems().map((row) => (
        <div
          key={row.key}
          data-index={row.index}
          ref={virtualizer.measureElement}
          className="absolute top-0 left-0 grid w-full gap-3 pb-3"
          style={{
            gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
            transform: `translateY(${row.start - scrollMargin}px)`,
          }}
        >
          {games.slice(row.index * columns, (row.index + 1) * columns).map((game, i) => (
            <GameTile
              key={game.code}
              game={game}
              position={row.index * columns + i + 1}
              setSize={games.length}
              onPlay={onPlay}
              isOpening={opening === game.code}
              isDisabled={opening !== undefined && opening !== game.code}
            />
          ))}
        </div>
      ))}
    </div>
  )
}
