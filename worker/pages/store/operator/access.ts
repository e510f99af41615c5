import type { Context } from 'hono'
import type { StaffProfile } from '../../../../schemas/staff.ts'
import type { AppEnv } from '../../../env.ts'
import { staffOrSignIn } from '../session.ts'
import { renderOperatorRefusal } from './render.tsx'

/**
 * Who may open an operator page: a signed-in operator of this host's business. Signed out (or a
 * lapsed session) goes to the console's sign-in page saying why; a store role gets a 403 page
 * saying only operators can use the console.
 *
 * @example const access = await operatorOrRefuse(c); if ('response' in access) return access.response
 */
export async function operatorOrRefuse(
  c: Context<AppEnv>
): Promise<{ staff: StaffProfile } | { response: Response }> {
  const signedIn = await staffOrSignIn(c)
  if ('redirect' in signedIn) return { response: signedIn.redirect }
  if (!signedIn.staff.operator) return { response: await renderOperatorRefusal(c, signedIn.staff) }
  return { staff: signedIn.staff }
}
