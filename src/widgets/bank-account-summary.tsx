import type { components } from '~generated/api/schema'

import { DecorativeImage } from '~/ui/decorative-image'

type Bank = components['schemas']['Bank']
type BankAccount = components['schemas']['BankAccount']

/**
 * A bank's mark at a fixed size (so nothing shifts while the logo loads): the contract's logo,
 * or its short mark on its colour when the logo fails or the bank list is not there yet.
 * Decorative: the bank's name is always written beside it.
 */
export function BankMark({ bank, code }: { bank: Bank | undefined; code: string }) {
  const mark = (
    <span
      aria-hidden="true"
      style={bank ? { backgroundColor: bank.color } : undefined}
      className="flex size-8 shrink-0 items-center justify-center rounded-md bg-surface-overlay text-[0.625rem] font-bold text-white uppercase"
    >
      {bank?.shortName ?? code.slice(0, 4)}
    </span>
  )
  return (
    <DecorativeImage
      src={bank?.logoUrl}
      fallback={mark}
      width={32}
      height={32}
      className="size-8 shrink-0 rounded-md bg-white object-contain"
    />
  )
}

type BankAccountSummaryProps = {
  account: BankAccount
  /** The account's bank from the bank list, when loaded (its name and logo). */
  bank: Bank | undefined
  /** Field labels, translated by the caller. */
  labels: { accountNumber: string; accountName: string; owner: string }
}

/**
 * The player's one bank account as read responses give it: bank, masked number (the contract
 * never sends the full number back), account name and owner.
 */
export function BankAccountSummary({ account, bank, labels }: BankAccountSummaryProps) {
  return (
    <div className="flex items-start gap-3 rounded-xl border border-line bg-surface-raised p-4">
      <BankMark bank={bank} code={account.bankCode} />
      <div className="min-w-0 flex-1">
        <p className="font-semibold wrap-anywhere">
          {bank?.name ?? account.bankCode.toUpperCase()}
        </p>
        <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
          <dt className="text-ink-muted">{labels.accountNumber}</dt>
          <dd className="font-mono break-all tabular-nums">{account.accountNumberMasked}</dd>
          <dt className="text-ink-muted">{labels.accountName}</dt>
          <dd className="truncate">{account.accountName}</dd>
          <dt className="text-ink-muted">{labels.owner}</dt>
          <dd className="truncate">{account.owner}</dd>
        </dl>
      </div>
    </div>
  )
}
