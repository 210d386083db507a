import { renderWithProviders } from '../../helpers/render'
import { screen, waitFor, within } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import * as rules from '~generated/api/rules'
import { m } from '~generated/paraglide/messages'
import { ChangePasswordDialog } from '~/features/account/change-password-dialog'
import { agencyInfoQueryOptions } from '~/lib/api/agency'
import { toastQueue } from '~/ui/toast'
import { Toasts } from '~/ui/toast-region'
import { createTestQueryClient } from '../../helpers/render'
import { example, http, mockApi, type ApiRecord } from '../../helpers/api'

const agency = example('getAgencyInfo', 200)
const changed = example('changePassword', 200)
const incorrect = example('changePassword', 400, 'CURRENT_PASSWORD_INCORRECT')
const PATH = '/v2/players/security/password/change'
const MIN = rules.Password.minLength

// The toast queue is the app's one global queue: no toast may leak into the next test.
afterEach(() => toastQueue.clear())

function Harness({ reloadPage }: { reloadPage: () => void }) {
  const [open, setOpen] = useState(true)
  return (
    <>
      <ChangePasswordDialog isOpen={open} onOpenChange={setOpen} reloadPage={reloadPage} />
      <Toasts closeLabel={m.password_notification_close()} regionLabel={m.layout_notifications()} />
    </>
  )
}

type Answer = Parameters<typeof http.post<typeof PATH>>[1]
const ok: Answer = ({ response }) => response(200).json(changed)

async function setup(answer: Answer, { withAgency = true } = {}) {
  const fetch = mockApi(http.post(PATH, answer))
  const queryClient = createTestQueryClient()
  if (withAgency) queryClient.setQueryData(agencyInfoQueryOptions().queryKey, agency)
  const reloadPage = vi.fn()
  const view = await renderWithProviders(<Harness reloadPage={reloadPage} />, { queryClient })
  const dialog = await screen.findByRole('dialog', { name: m.account_change_password() })
  const field = (name: string) => within(dialog).getByLabelText(name)
  return {
    ...view,
    fetch,
    reloadPage,
    dialog,
    current: field(m.password_current_password()),
    next: field(m.password_new_password()),
    confirm: field(m.password_confirm_new_password()),
    save: within(dialog).getByRole('button', { name: m.password_save() }),
  }
}

const sent = (fetch: ApiRecord) => fetch.to(PATH)

describe('ChangePasswordDialog validation (spec section 5)', () => {
  it('reads the minimum length from the contract', () => {
    expect(MIN).toBe(8)
  })

  it('empty fields: at least {value} for current and new, "please enter" for confirm', async () => {
    const { user, fetch, current, next, confirm, save } = await setup(ok)
    await user.click(save)

    const atLeast = m.password_validation_password_must_greater_than({ value: MIN ?? 0 })
    await waitFor(() => expect(current).toHaveAccessibleDescription(atLeast))
    expect(next).toHaveAccessibleDescription(atLeast)
    expect(confirm).toHaveAccessibleDescription(m.password_validation_please_enter_password())
    expect(sent(fetch)).toHaveLength(0)
  })

  it('a short password gives the minimum-length message', async () => {
    const { user, fetch, current, next, confirm, save } = await setup(ok)
    await user.type(current, 'short')
    await user.type(next, 'long-enough-1')
    await user.type(confirm, 'long-enough-1')
    await user.click(save)

    await waitFor(() =>
      expect(current).toHaveAccessibleDescription(
        m.password_validation_password_must_greater_than({ value: MIN ?? 0 }),
      ),
    )
    expect(next).toBeValid()
    expect(confirm).toBeValid()
    expect(sent(fetch)).toHaveLength(0)
  })

  it('different new and confirm passwords: "not match" on confirm, cleared once they match', async () => {
    const { user, fetch, current, next, confirm, save } = await setup(ok)
    await user.type(current, 'old-password-1')
    await user.type(next, 'new-password-1')
    await user.type(confirm, 'new-password-2')
    await user.click(save)

    await waitFor(() =>
      expect(confirm).toHaveAccessibleDescription(m.password_validation_password_not_match()),
    )
    expect(next).toBeValid()
    expect(sent(fetch)).toHaveLength(0)

    // After the first submit the rules run on every change.
    await user.clear(confirm)
    await user.type(confirm, 'new-password-1')
    await waitFor(() => expect(confirm).toBeValid())
  })

  it('one toggle shows and hides all three passwords', async () => {
    const { user, current, next, confirm, dialog } = await setup(ok)
    const toggle = within(dialog).getByRole('button', { name: m.password_show() })
    expect(toggle).toHaveAttribute('aria-pressed', 'false')
    for (const input of [current, next, confirm]) expect(input).toHaveAttribute('type', 'password')

    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-pressed', 'true')
    for (const input of [current, next, confirm]) expect(input).toHaveAttribute('type', 'text')
  })
})

describe('ChangePasswordDialog submit', () => {
  async function fill(view: Awaited<ReturnType<typeof setup>>) {
    await view.user.type(view.current, 'old-password-1')
    await view.user.type(view.next, 'new-password-1')
    await view.user.type(view.confirm, 'new-password-1')
    await view.user.click(view.save)
  }

  it('sends the three fields, then the success dialog whose Close reloads the page', async () => {
    const view = await setup(ok)
    await fill(view)

    const success = await screen.findByRole('alertdialog', {
      name: m.password_notification_success(),
    })
    expect(success).toHaveTextContent(m.password_notification_password_changed())
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(await sent(view.fetch)[0]?.json()).toEqual({
      currentPassword: 'old-password-1',
      newPassword: 'new-password-1',
      confirmNewPassword: 'new-password-1',
    })

    expect(view.reloadPage).not.toHaveBeenCalled()
    await view.user.click(
      within(success).getByRole('button', { name: m.password_notification_close() }),
    )
    expect(view.reloadPage).toHaveBeenCalledTimes(1)
  })

  it('any failure shows the error toast and keeps the dialog', async () => {
    const view = await setup(({ response }) => response(400).json(incorrect))
    await fill(view)

    expect(await screen.findByText(m.password_notification_error())).toBeVisible()
    expect(screen.getByText(m.password_notification_password_is_incorrect())).toBeVisible()
    expect(view.dialog).toBeInTheDocument()
    expect(
      screen.queryByRole('alertdialog', { name: m.password_notification_success() }),
    ).not.toBeInTheDocument()
    expect(sent(view.fetch)).toHaveLength(1)
  })

  it('is not sent while agency info is missing', async () => {
    const view = await setup(ok, { withAgency: false })
    await fill(view)

    expect(await screen.findByText(m.password_notification_error())).toBeVisible()
    expect(sent(view.fetch)).toHaveLength(0)
  })
})
