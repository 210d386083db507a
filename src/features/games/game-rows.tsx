import type { Game } from './game-data'
import { GameTile } from './game-tile'

// Tiles are at least this wide (px), with this gap: two columns on a 375 px phone, five at most.
const MIN_TILE_WIDTH = 160
const GAP = 12
const MAX_COLUMNS = 5
export const MIN_COLUMNS = 2
/** A first guess of a row's height before it is measured (a 4:3 picture plus the text block). */
export const ESTIMATED_ROW_HEIGHT = 300
/**
 * Less than any row is high (a 120 px picture and the text block): for counting the rows a
 * screen holds.
 */
export const MIN_ROW_HEIGHT = 180
/**
 * Rows kept beyond the screen: Tab to the next Play button finds it rendered, and a fast
 * thumb-scroll meets tiles, not gaps.
 */
export const OVERSCAN_ROWS = 3
/** A row's classes: its tiles side by side, the gap below it inside the row (it is measured). */
export const ROW_CLASS = 'grid w-full gap-3 pb-3'

/** How many tiles a row of a list this wide holds. */
export function columnsFor(width: number) {
  const fit = Math.floor((width + GAP) / (MIN_TILE_WIDTH + GAP))
  return Math.min(MAX_COLUMNS, Math.max(MIN_COLUMNS, fit))
}

/** What every row of the grid draws from. */
export type RowsProps = {
  games: readonly Game[]
  columns: number
  opening: string | undefined
  onPlay: (game: Game) => void
}

/** The rows whose pictures a first screen shows: fetched at once, not lazily. */
const EAGER_ROWS = 2

/**
 * The tiles of row `row` (0-based, of the whole grid), each saying its place in the list.
 * `firstScreen`: the row is drawn with the page (game-grid.tsx), not by the virtualiser.
 */
export function RowTiles({
  games,
  columns,
  opening,
  onPlay,
  row,
  firstScreen = false,
}: RowsProps & { row: number; firstScreen?: boolean }) {
  const eager = firstScreen && row < EAGER_ROWS
  return games
    .slice(row * columns, (row + 1) * columns)
    .map((game, i) => (
      <GameTile
        place={eager ? (row === 0 && i === 0 ? 'first' : 'first-screen') : undefined}
        key={game.code}
        game={game}
        position={row * columns + i + 1}
        setSize={games.length}
        onPlay={onPlay}
        isOpening={opening === game.code}
        isDisabled={opening !== undefined && opening !== game.code}
      />
    ))
}

/** The column template of a row. */
export const rowColumns = (columns: number) => ({
  gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
})
