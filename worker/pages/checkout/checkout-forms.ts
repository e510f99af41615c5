import type { z } from 'zod'
import type { FormErrors, FormValues } from '../../../client/lib/form-values.ts'
import type { AddressFieldName } from '../../../schemas/address-form.ts'
import type { CheckoutAddress } from '../../../schemas/checkout.ts'
import { AppError } from '../../lib/errors.ts'

/**
 * One message per form field from zod issues of a checkout request: an address field's issue
 * (`address.postcode`) belongs to its own input (`postcode`), as the forms name them.
 */
export function checkoutFieldErrors(issues: ReadonlyArray<z.core.$ZodIssue>): FormErrors {
  const errors: FormErrors = {}
  for (const issue of issues) {
    const path = issue.path.map(String)
    const field = (path[0] === 'address' ? path[1] : path[0]) ?? 'form'
    if (!errors[field]) errors[field] = issue.message
  }
  return errors
}

/**
 * The form errors of a refused checkout call: its field errors under the form's fields, else the
 * step's own message (spec §8, e.g. 'Unable to update contact details') for the whole form.
 * Errors that are not the shopper's to fix (the backend is down) go to the error page.
 */
export function checkoutCallErrors(error: unknown, stepMessage: string): FormErrors {
  if (!(error instanceof AppError)) throw error
  if (error.code === 'validation_error' && error.fields?.length) {
    const errors: FormErrors = {}
    for (const { field, message } of error.fields) {
      const path = field.split('.')
      const name = (path[0] === 'address' ? path[1] : path[0]) ?? 'form'
      if (!errors[name]) errors[name] = message
    }
    return errors
  }
  // A conflict (store closed, basket changed, guest email of a member) says what happened itself.
  if (error.code === 'conflict') return { form: error.message }
  if (['validation_error', 'not_found', 'unauthorized', 'forbidden'].includes(error.code)) {
    return { form: stepMessage }
  }
  throw error
}

/**
 * The address lines a checkout form's schema read (AddressFields' inputs, addressLinesShape), for
 * the checkout call's schema to check.
 */
export function addressFromForm(
  lines: Readonly<Record<AddressFieldName, string>>,
  country: string
) {
  return {
    addressLine1: lines.addressLine1,
    addressLine2: lines.addressLine2,
    town: lines.town,
    county: lines.county,
    postcode: lines.postcode,
    // The form is the shop's country's (AddressFields): its postcode rule checks it (ADR 052).
    country,
  }
}

/** A stored address as the values of the address inputs (AddressFields). */
export function addressValues(address: CheckoutAddress): FormValues {
  return {
    addressLine1: address.addressLine1,
    addressLine2: address.addressLine2 ?? '',
    town: address.town,
    county: address.county ?? '',
    postcode: address.postcode,
  }
}

/** Whether a refused checkout call says why in details.reason, e.g. 'member_email'. */
export function refusalReason(error: unknown): string | null {
  if (!(error instanceof AppError)) return null
  const reason = error.details?.reason
  return typeof reason === 'string' ? reason : null
}
