import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { m } from '~generated/paraglide/messages'
import { submitOnce } from '~/widgets/submit-once'
import { agencyInfoQueryOptions } from '~/lib/api/agency'
import { useChangePasswordMutation } from '~/lib/api/players'
import { useAppForm } from '~/ui/form'
import { usePasswordReveal } from './account-form-parts'
import { Button } from '~/ui/button'
import { Dialog, DialogFooter } from '~/ui/dialog'
import { showToast } from '~/ui/toast'
import {
  changePasswordFormSchema,
  accountFormValidation,
  type ChangePasswordValues,
} from './account-validation'

const defaultValues: ChangePasswordValues = {
  currentPassword: '',
  newPassword: '',
  confirmNewPassword: '',
}

/** Spec section 5: the change is sent only when agency info is loaded. */
export function hasAgencyInfo(queryClient: QueryClient): boolean {
  return queryClient.getQueryData(agencyInfoQueryOptions().queryKey) !== undefined
}

function showFailure() {
  showToast({
    title: m.password_notification_error(),
    description: m.password_notification_password_is_incorrect(),
    tone: 'error',
  })
}

type ChangePasswordFormProps = { onSuccess: () => void; onCancel: () => void }

function ChangePasswordForm({ onSuccess, onCancel }: ChangePasswordFormProps) {
  const queryClient = useQueryClient()
  const reveal = usePasswordReveal()
  const change = useChangePasswordMutation()

  const form = useAppForm({
    defaultValues,
    ...accountFormValidation(changePasswordFormSchema, ['confirmNewPassword']),
    onSubmit: async ({ value }) => {
      if (!hasAgencyInfo(queryClient)) {
        showFailure()
        return
      }
      try {
        await change.mutateAsync({ body: value })
      } catch {
        // Spec section 8: any failure reads as an error toast, whatever the code.
        showFailure()
        return
      }
      onSuccess()
    },
  })

  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={submitOnce(form)}>
      <form.AppField name="currentPassword">
        {reveal.input(m.password_current_password(), 'current-password')}
      </form.AppField>
      <form.AppField name="newPassword">
        {reveal.input(m.password_new_password(), 'new-password')}
      </form.AppField>
      <form.AppField name="confirmNewPassword">
        {reveal.input(m.password_confirm_new_password(), 'new-password')}
      </form.AppField>
      {reveal.toggle}
      <DialogFooter>
        <Button variant="secondary" onPress={onCancel}>
          {m.password_cancel()}
        </Button>
        <form.AppForm>
          <form.SubmitButton>{m.password_save()}</form.SubmitButton>
        </form.AppForm>
      </DialogFooter>
    </form>
  )
}

export type ChangePasswordDialogProps = {
  isOpen: boolean
  onOpenChange: (isOpen: boolean) => void
  /** What the success dialog's Close does; a page reload (tests pass a spy). */
  reloadPage?: () => void
}

const reloadWindow = () => window.location.reload()

/**
 * The change-password dialog of the user menu (spec sections 2, 4, 5). Render it outside the
 * menu's popover (the menu closes when an item is chosen) and keep it mounted: after a
 * success it shows the confirmation whose Close reloads the page, and the player logs in
 * again with the new password (the server ended the session).
 */
export function ChangePasswordDialog({
  isOpen,
  onOpenChange,
  reloadPage = reloadWindow,
}: ChangePasswordDialogProps) {
  const [changed, setChanged] = useState(false)
  return (
    <>
      <Dialog
        isOpen={isOpen && !changed}
        onOpenChange={onOpenChange}
        title={m.account_change_password()}
      >
        <ChangePasswordForm
          onCancel={() => onOpenChange(false)}
          onSuccess={() => {
            setChanged(true)
            onOpenChange(false)
          }}
        />
      </Dialog>
      <Dialog isOpen={changed} role="alertdialog" title={m.password_notification_success()}>
        <p className="text-ink-muted">{m.password_notification_password_changed()}</p>
        <DialogFooter>
          <Button onPress={reloadPage}>{m.password_notification_close()}</Button>
        </DialogFooter>
      </Dialog>
    </>
  )
}
