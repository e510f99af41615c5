import type { RegistrationHooks } from './adapters.ts'
import { recordMemberUpdate } from './marketing/effects.ts'
import { referralAtRegistration } from './referrals/service.ts'

/*
 * What registration asks of the domains above auth (ADR 038), wired where the adapters are:
 * referrals and marketing authenticate through auth, so auth must not import them.
 */
export const registrationHooks: RegistrationHooks = {
  referralAtRegistration,
  memberJoined: (run, member) => recordMemberUpdate(run, { ...member, brandId: null }),
}
