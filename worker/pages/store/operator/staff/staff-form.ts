import type { FormErrors, FormValues } from '../../../../../client/lib/form-values.ts'
import { roleFieldName } from './staff-fields.ts'
import { MESSAGES } from '../../../../../schemas/messages.ts'
import {
  type OperatorStaffMember,
  STORE_ROLES,
  type StaffStoreRole,
} from '../../../../../schemas/staff.ts'

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
  return { operator: form.operator === 'on', stores }
}

/** The boxes ticked for what someone may do now. */
export function accessValuesOf(member: OperatorStaffMember): FormValues {
  const values: FormValues = member.operator ? { operator: 'on' } : {}
  for (const entry of member.stores) values[roleFieldName(entry.storeId, entry.role)] = 'on'
  return values
}

/** The boxes as posted, to show a refused form again. */
export function postedAccessValues(
  form: Record<string, string>,
  storeIds: ReadonlyArray<number>
): FormValues {
  const access = accessOf(form, storeIds)
  const values: FormValues = access.operator ? { operator: 'on' } : {}
  for (const entry of access.stores) values[roleFieldName(entry.storeId, entry.role)] = 'on'
  return values
}

/** The page's own check before the backend's: no role at all says so next to the roles. */
export function accessErrors(access: StaffAccessInput): FormErrors {
  return access.operator || access.stores.length ? {} : { stores: MESSAGES.staffRoleRequired }
}
