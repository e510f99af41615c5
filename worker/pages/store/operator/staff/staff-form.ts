import { z } from 'zod'
import type { FormErrors, FormValues } from '../../../../../client/lib/form-values.ts'
import { fieldNames } from '../../../../../schemas/forms/field-names.ts'
import { roleFieldName } from './staff-fields.ts'
import { MESSAGES } from '../../../../../schemas/messages.ts'
import {
  type OperatorStaffMember,
  STORE_ROLES,
  type StaffStoreRole,
} from '../../../../../schemas/staff.ts'

/*
 * The Staff pages' forms (ADR 057, the schemas/forms pattern): StaffPages.tsx takes its field
 * names from this schema and pages.tsx reads a post with it. Text is kept as typed (the backend's
 * invite schema refuses a bad name or email with its message); a box is ticked when 'on'. Each
 * store's role boxes are named by roleFieldName, one per store the page offers.
 */
export const StaffFormSchema = z.object({
  name: z.string().catch(''),
  email: z.string().catch(''),
  /** The operator role's box. */
  operator: z
    .string()
    .optional()
    .catch(undefined)
    .transform((box) => box === 'on'),
  /** Deactivation's "Yes, end their access". */
  confirm: z
    .string()
    .optional()
    .catch(undefined)
    .transform((box) => box === 'on'),
})

export const STAFF_FIELDS = fieldNames(StaffFormSchema)

/**
 * The Staff page's role check boxes (`operator`, `role:<storeId>:<role>`) to and from what the
 * backend takes: only the boxes of stores the page offered count, so a forged store id never
 * reaches the backend (which refuses another business's store anyway).
 */

export interface StaffAccessInput {
  operator: boolean
  stores: Array<StaffStoreRole>
}

export function accessOf(
  form: Record<string, string>,
  storeIds: ReadonlyArray<number>
): StaffAccessInput {
  const stores: Array<StaffStoreRole> = []
  for (const storeId of storeIds) {
    for (const role of STORE_ROLES) {
      if (form[roleFieldName(storeId, role)] === 'on') stores.push({ storeId, role })
    }
  }
  return { operator: StaffFormSchema.parse(form).operator, stores }
}

/** The boxes ticked for what someone may do now. */
export function accessValuesOf(member: OperatorStaffMember): FormValues {
  const values: FormValues = member.operator ? { [STAFF_FIELDS.operator]: 'on' } : {}
  for (const entry of member.stores) values[roleFieldName(entry.storeId, entry.role)] = 'on'
  return values
}

/** The boxes as posted, to show a refused form again. */
export function postedAccessValues(
  form: Record<string, string>,
  storeIds: ReadonlyArray<number>
): FormValues {
  const access = accessOf(form, storeIds)
  const values: FormValues = access.operator ? { [STAFF_FIELDS.operator]: 'on' } : {}
  for (const entry of access.stores) values[roleFieldName(entry.storeId, entry.role)] = 'on'
  return values
}

/** The page's own check before the backend's: no role at all says so next to the roles. */
export function accessErrors(access: StaffAccessInput): FormErrors {
  return access.operator || access.stores.length ? {} : { stores: MESSAGES.staffRoleRequired }
}
