import type { ReactNode } from 'react'
import { m } from '~generated/paraglide/messages'

/** Title and a note until the wallet issue ("The wallet") fills these pages. */
function WalletPlaceholder({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-3xl space-y-4 p-6">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-ink-muted">{m.wallet_placeholder()}</p>
      {children}
    </div>
  )
}

export function DepositPage() {
  return <WalletPlaceholder title={m.page_title_deposit()} />
}

export function DepositHistoryPage() {
  return <WalletPlaceholder title={m.page_title_deposit_history()} />
}

export function BankPage() {
  return <WalletPlaceholder title={m.page_title_bank()} />
}
