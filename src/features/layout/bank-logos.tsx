import { m } from '~generated/paraglide/messages'
import type { components } from '~generated/api/schema'

type BankCode = components['schemas']['BankCode']

type BankMark = { initials: string; from: string; to: string; name: () => string }

/**
 * Our own plain marks for the six accepted banks (a coloured badge with the initials), not
 * the banks' artwork. White initials on colours darker than 4.5:1 against white.
 */
const BANKS = {
  bcel: { initials: 'BCEL', from: '#9f1239', to: '#be123c', name: m.footer_bank_bcel },
  jdb: { initials: 'JDB', from: '#1e3a8a', to: '#1d4ed8', name: m.footer_bank_jdb },
  ldb: { initials: 'LDB', from: '#065f46', to: '#047857', name: m.footer_bank_ldb },
  indochina: { initials: 'IB', from: '#5b21b6', to: '#6d28d9', name: m.footer_bank_indochina },
  kasikam: { initials: 'KB', from: '#14532d', to: '#15803d', name: m.footer_bank_kasikam },
  lvb: { initials: 'LVB', from: '#9a3412', to: '#c2410c', name: m.footer_bank_lvb },
} as const satisfies Record<BankCode, BankMark>

export const BANK_CODES = Object.keys(BANKS) as BankCode[]

export function BankLogo({ code }: { code: BankCode }) {
  const bank = BANKS[code]
  const gradient = `bank-gradient-${code}`
  return (
    <svg viewBox="0 0 72 40" role="img" aria-label={bank.name()} className="h-10 w-[72px] shrink-0">
      <title>{bank.name()}</title>
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={bank.from} />
          <stop offset="1" stopColor={bank.to} />
        </linearGradient>
      </defs>
      <rect x="1" y="1" width="70" height="38" rx="9" fill={`url(#${gradient})`} />
      <rect
        x="1"
        y="1"
        width="70"
        height="38"
        rx="9"
        fill="none"
        stroke="#ffffff"
        strokeOpacity="0.35"
      />
      <text
        x="36"
        y="25"
        textAnchor="middle"
        fill="#ffffff"
        fontFamily="'Noto Sans', system-ui, sans-serif"
        fontSize={bank.initials.length > 3 ? 14 : 16}
        fontWeight="600"
        letterSpacing="1"
      >
        {bank.initials}
      </text>
    </svg>
  )
}
