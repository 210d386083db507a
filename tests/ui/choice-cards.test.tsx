import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { ChoiceCards, type ChoiceCard } from '~/ui/choice-cards'

const choices: ChoiceCard<'gclub' | 'askmebet' | 'alphabet'>[] = [
  { value: 'gclub', label: 'GClub', detail: '฿10,00' },
  { value: 'askmebet', label: 'AskMeBet', detail: '฿0,00' },
  { value: 'alphabet', label: 'Alphabet', isDisabled: true },
]

function Picker({ errorMessage }: { errorMessage?: string }) {
  const [value, setValue] = useState<(typeof choices)[number]['value'] | null>(null)
  return (
    <>
      <ChoiceCards
        label="Provider"
        choices={choices}
        value={value}
        onChange={setValue}
        errorMessage={errorMessage}
      />
      <output>{value ?? 'none'}</output>
    </>
  )
}

describe('ChoiceCards', () => {
  it('is one radio group: click or arrow keys choose, disabled choices are skipped', async () => {
    const user = userEvent.setup()
    render(<Picker />)
    expect(screen.getByRole('radiogroup', { name: 'Provider' })).toBeInTheDocument()
    await user.click(screen.getByRole('radio', { name: /GClub/ }))
    expect(screen.getByRole('status')).toHaveTextContent('gclub')
    await user.keyboard('{ArrowDown}')
    expect(screen.getByRole('status')).toHaveTextContent('askmebet')
    expect(screen.getByRole('radio', { name: /Alphabet/ })).toBeDisabled()
  })

  it('shows the error and marks the group invalid', () => {
    render(<Picker errorMessage="Choose a provider" />)
    expect(screen.getByText('Choose a provider')).toBeInTheDocument()
    expect(screen.getByRole('radiogroup')).toHaveAttribute('aria-invalid', 'true')
  })
})
