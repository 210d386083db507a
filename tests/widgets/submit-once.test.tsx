import { useForm } from '@tanstack/react-form'
import { useEffect } from 'react'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { submitOnce } from '~/widgets/submit-once'

/** The last form rendered, to read its state. */
let rendered: { state: { submissionAttempts: number } } | undefined

/** A form whose submit is `onSubmit`, a field checked by `check` (async) when it changes. */
function Form(props: {
  onSubmit: (value: string) => Promise<void> | void
  check?: (value: string) => Promise<string | undefined>
}) {
  const form = useForm({
    defaultValues: { name: '' },
    onSubmit: ({ value }) => props.onSubmit(value.name),
  })
  useEffect(() => {
    rendered = form
  }, [form])
  return (
    <form noValidate onSubmit={submitOnce(form)}>
      <form.Field name="name" validators={{ onChangeAsync: ({ value }) => props.check?.(value) }}>
        {(field) => (
          <input
            aria-label="name"
            value={field.state.value}
            onChange={(event) => field.handleChange(event.target.value)}
          />
        )}
      </form.Field>
      <button type="submit">Send</button>
    </form>
  )
}

describe('submitOnce', () => {
  it('submits after the press, not inside it, and once for a double press', async () => {
    const onSubmit = vi.fn()
    render(<Form onSubmit={onSubmit} />)
    const send = screen.getByRole('button', { name: 'Send' })
    send.click()
    send.click()
    // Nothing of the submit runs in the press's own task (its microtasks included): it waits
    // for the next frame.
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(rendered?.state.submissionAttempts).toBe(0)
    expect(onSubmit).not.toHaveBeenCalled()
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1))
    expect(rendered?.state.submissionAttempts).toBe(1)
    // The press after the submit has finished is a new one.
    send.click()
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2))
  })

  it('ignores a press while the submit still runs', async () => {
    let finish: (() => void) | undefined
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)))
    render(<Form onSubmit={onSubmit} />)
    const send = screen.getByRole('button', { name: 'Send' })
    send.click()
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1))
    send.click()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(onSubmit).toHaveBeenCalledTimes(1)
    finish?.()
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1))
  })

  it('waits for a field check still running, then submits (TanStack Form would drop it)', async () => {
    // The first check is held until released; the submit's own check answers at once.
    let release: (() => void) | undefined
    const held = new Promise<void>((resolve) => (release = resolve))
    const check = vi.fn(async () => {
      if (check.mock.calls.length === 1) await held
      return undefined
    })
    const onSubmit = vi.fn()
    render(<Form onSubmit={onSubmit} check={check} />)
    await userEvent.type(screen.getByRole('textbox', { name: 'name' }), 'a')
    await waitFor(() => expect(check).toHaveBeenCalled())
    screen.getByRole('button', { name: 'Send' }).click()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(onSubmit).not.toHaveBeenCalled()
    release?.()
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith('a'))
  })
})
