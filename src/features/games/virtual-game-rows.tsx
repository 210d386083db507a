import {
  defaultRangeExtractor,
  measureElement,
  useWindowVirtualizer,
  type Range,
} from '@tanstack/react-virtual'
import { useCallback, useRef, useState } from 'react'
import {
  ESTIMATED_ROW_HEIGHT,
  OVERSCAN_ROWS,
  ROW_CLASS,
  RowTiles,
  rowColumns,
  type RowsProps,
} from './game-rows'
import { useMeasureAfterLayout } from './measure-after-layout'

/**
 * The grid's rows from `firstRow` on, rendering only those near the screen (TanStack Virtual,
 * following the window's scroll): 300 tiles rendered at once cost seconds of main thread on a
 * throttled phone (decision 010 has the measurement). Rows are measured, so a longer name
 * never overlaps. The row holding keyboard focus is always kept, so focus is never lost to a
 * scroll. Its own chunk, fetched once the page has settled (game-grid.tsx): the first screen's
 * rows are drawn without it.
 */
export function VirtualGameRows({ firstRow, ...rows }: RowsProps & { firstRow: number }) {
  const restRef = useRef<HTMLDivElement>(null)
  const [scrollMargin, setScrollMargin] = useState(0)
  const focusedRow = useRef<number | undefined>(undefined)

  // Where these rows start in the page is where the window's scroll starts to matter for them.
  useMeasureAfterLayout(
    () => document.body,
    () => restRef.current!.getBoundingClientRect().top + window.scrollY,
    setScrollMargin,
  )

  const count = Math.max(0, Math.ceil(rows.games.length / rows.columns) - firstRow)
  const rangeExtractor = useCallback((range: Range) => {
    const indexes = defaultRangeExtractor(range)
    const kept = focusedRow.current
    return kept === undefined || indexes.includes(kept)
      ? indexes
      : [...indexes, kept].sort((a, b) => a - b)
  }, [])
  const virtualizer = useWindowVirtualizer({
    count,
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
      ref={restRef}
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
          className={`absolute top-0 left-0 ${ROW_CLASS}`}
          style={{
            ...rowColumns(rows.columns),
            transform: `translateY(${row.start - scrollMargin}px)`,
          }}
        >
          <RowTiles {...rows} row={firstRow + row.index} />
        </div>
      ))}
    </div>
  )
}
