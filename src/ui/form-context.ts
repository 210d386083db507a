import { createFormHookContexts } from '@tanstack/react-form'

/**
 * The contexts that connect the bound field components (form-fields.tsx) to the form hook
 * (./form.ts). Kept apart from both so neither imports the other.
 */
export const { fieldContext, formContext, useFieldContext, useFormContext } =
  createFormHookContexts()
