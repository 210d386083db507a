import { memo } from 'react'
import { m } from '~generated/paraglide/messages'
import { GAME_CATEGORY_NAMES } from '~/lib/game-catalogue'
import { useLocale } from '~/lib/locale'
import { Button } from '~/ui/button'
import { DecorativeImage } from '~/ui/decorative-image'
import { Icon } from '~/ui/icon'
import type { Game } from './game-data'

type GameTileProps = {
  game: Game
  /** Where it is in the whole list: only the tiles near the screen exist (game-grid). */
  position: number
  setSize: number
  onPlay: (game: Game) => void
  /** This game is being opened. */
  isOpening: boolean
  /** Another game is being opened: one launch at a time. */
  isDisabled: boolean
  /**
   * Where the tile is: on the first screen (its picture is fetched at once, not lazily), and
   * the first of all (its picture, likely the page's largest paint, at high priority).
   */
  place?: 'first' | 'first-screen'
}

/**
 * One game: its picture (lazy, in a 4:3 box that exists before the picture does, a placeholder
 * when it fails), its name and a Play button named after the game for screen readers.
 * Memoised: typing in the search box re-renders the grid, not hundreds of unchanged tiles; a
 * language switch re-renders each (it reads the locale), since its props do not change.
 */
export const GameTile = memo(function GameTile({
  game,
  position,
  setSize,
  onPlay,
  isOpening,
  isDisabled,
  place,
}: GameTileProps) {
  useLocale()
  return (
    <div
      role="listitem"
      aria-posinset={position}
      aria-setsize={setSize}
      className="flex flex-col overflow-hidden rounded-xl border border-line bg-surface-raised"
    >
      <div className="relative aspect-[4/3] bg-surface-overlay">
        <DecorativeImage
          src={game.imageUrl}
          fallback={
            <div className="grid size-full place-items-center text-ink-muted">
              <Icon name="game" className="size-10" />
            </div>
          }
          width={320}
          height={240}
          loading={place ? 'eager' : 'lazy'}
          fetchPriority={place === 'first' ? 'high' : undefined}
          decoding="async"
          className="size-full object-cover"
        />
        {game.isNew && (
          <span className="absolute top-2 left-2 rounded-md bg-accent px-2 py-0.5 text-xs font-semibold text-surface">
            {m.game_new_badge()}
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3">
        <h3 className="line-clamp-2 min-h-10 text-sm leading-5 font-semibold">{game.name}</h3>
        <p className="text-xs text-ink-muted">{GAME_CATEGORY_NAMES[game.category]()}</p>
        <Button
          aria-label={m.game_play_named({ name: game.name })}
          onPress={() => onPlay(game)}
          isLoading={isOpening}
          isDisabled={isDisabled}
          className="mt-auto w-full"
        >
          <Icon name="game" />
          {m.game_play()}
        </Button>
      </div>
    </div>
  )
})
