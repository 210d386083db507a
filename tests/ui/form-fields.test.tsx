import { act, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useAppForm } from '~/ui/form'
import { useFieldError } from '~/ui/form-fields'

/** Counts its renders: a field's error as the bound inputs read it. */
function ErrorProbe({ renders }: { renders: string[] }) {
  const error = useFieldError()
  renders.push(error ?? 'none')
  return <span>{error ?? 'none'}</span>
}

function Form({ renders }: { renders: string[] }) {
  const form = useAppForm({ defaultValues: { username: '' } })
  return (
    <form.AppField
      name="username"
      validators={{ onChange: ({ value }) => (value ? undefined : 'required') }}
    >
      {(field) => (
        <>
          <ErrorProbe renders={renders} />
          <button type="button" onClick={() => field.handleChange('')}>
            clear
          </button>
        </>
      )}
    </form.AppField>
  )
}

describe('useFieldError', () => {
  it('renders a mounting field once (its meta set at mount is an equally empty error list), and again for a real error', async () => {
    const renders: string[] = []
    render(<Form renders={renders} />)
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
    expect(renders).toEqual(['none'])
    await act(() => screen.getByRole('button').click())
    expect(renders.at(-1)).toBe('required')
  })
})
