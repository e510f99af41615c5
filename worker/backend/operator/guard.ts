import type { Context } from 'hono'
import type { BackendEnv } from '../env.ts'
import { requireStaff, type StaffCaller } from '../staff/guard.ts'

/**
 * The guard of every operator route (ADR 027): a live staff session of this business whose
 * account is an operator's. Store roles never open an operator route (403), another business's
 * token is unauthorized (401), and every id the route then reads must be looked up with
 * `caller.businessId` in its WHERE clause, so another business's thing is not found (404).
 *
 * @example const caller = await requireOperator(c, body.businessId)
 */
export function requireOperator(c: Context<BackendEnv>, businessId: number): Promise<StaffCaller> {
  return requireStaff(c, { businessId, roles: ['operator'] })
}
