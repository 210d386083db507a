import type { ReactNode } from 'react'
import { m } from '~generated/paraglide/messages'

/** Title and a note until the "Promotions and games" issue fills these pages. */
function GamePlaceholder({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-5xl space-y-4 p-6">
      <h1 className="text-2xl font-bold">{title}</h1>
      {children}
      <p className="text-ink-muted">{m.game_placeholder()}</p>
    </div>
  )
}

export function GclubPage() {
  return <GamePlaceholder title={m.page_title_game_gclub()} />
}

export function GclubLivePage() {
  return <GamePlaceholder title={m.page_title_game_gclub_live()} />
}

export function AskmebetPage({ tab }: { tab: string }) {
  return (
    <GamePlaceholder title={m.page_title_game_askmebet()}>
      <p>{m.game_current_tab({ name: tab })}</p>
    </GamePlaceholder>
  )
}

export function AlphabetPage() {
  return <GamePlaceholder title={m.page_title_game_alphabet()} />
}
