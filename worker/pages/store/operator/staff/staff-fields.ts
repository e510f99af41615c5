import type { StoreRole } from '../../../../../schemas/staff.ts'

/** The check box of a role at a store: `role:<storeId>:<role>`, 'on' when ticked. */
export const roleFieldName = (storeId: number, role: StoreRole) => `role:${storeId}:${role}`
