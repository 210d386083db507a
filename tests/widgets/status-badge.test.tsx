import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { m } from '~generated/paraglide/messages'
import { OrderStatusBadge, UsageStatusBadge } from '~/widgets/status-badge'

const toneOf = (text: string) => screen.getByText(text).dataset.tone

describe('OrderStatusBadge (spec section 3 colours)', () => {
  it.each([
    ['OPEN', m.status_order_open(), 'grey'],
    ['CANCELED', m.status_order_canceled(), 'red'],
    ['PAID', m.status_order_paid(), 'yellow'],
    ['SUCCESS', m.status_order_success(), 'green'],
    ['FAILED', m.status_order_failed(), 'red'],
    ['REJECTED', m.status_order_rejected(), 'grey'],
  ])('%s reads "%s" in %s', (status, label, tone) => {
    render(<OrderStatusBadge status={status} />)
    expect(toneOf(label)).toBe(tone)
  })

  it('shows a status this build does not know as its raw code, grey', () => {
    render(<OrderStatusBadge status="ON_HOLD" />)
    expect(toneOf('ON_HOLD')).toBe('grey')
    expect(screen.getByText('ON_HOLD')).toHaveAttribute('title', m.status_unknown_hint())
  })
})

describe('UsageStatusBadge', () => {
  it.each([
    ['ACTIVE', m.status_usage_active(), 'grey'],
    ['INACTIVE', m.status_usage_inactive(), 'grey'],
    ['SUCCESS', m.status_usage_success(), 'green'],
    ['CANCELED', m.status_usage_canceled(), 'red'],
    ['USED', m.status_usage_used(), 'yellow'],
    ['PAUSED', 'PAUSED', 'grey'],
  ])('%s reads "%s" in %s', (status, label, tone) => {
    render(<UsageStatusBadge status={status} />)
    expect(toneOf(label)).toBe(tone)
  })
})
