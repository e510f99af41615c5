import { MESSAGES } from '../../../../schemas/messages.ts'
import {
  OperatorStaffInviteRequestSchema,
  OperatorStaffListSchema,
  OperatorStaffMemberRequestSchema,
  OperatorStaffRolesRequestSchema,
  StaffBusinessRequestSchema,
  StaffInvitedSchema,
} from '../../../../schemas/staff.ts'
import { z } from 'zod'
import { authDeps } from '../../auth/sessions.ts'
import { createDomain } from '../../route-registry.ts'
import { listBusinessStaff } from '../../staff/repo.ts'
import { inviteStaffWithAccess, resendStaffInvitation, setStaffRoles } from '../../staff/service.ts'
import { requireOperator } from '../guard.ts'
import { OPERATOR_BEARER } from '../routes.ts'

/**
 * The operator console's staff (issue 35 item 6): who works for the business, inviting them with
 * roles per store, changing those roles, sending an invitation again. Deactivation is
 * /staff/accounts/deactivate. Each change writes its audit row in its own batch.
 */
export const operatorStaff = createDomain('Operator staff')

operatorStaff.post(
  '/staff/operator/staff/list',
  {
    summary: "The business's staff: name, email, status, operator or roles per store",
    description: OPERATOR_BEARER,
    body: StaffBusinessRequestSchema,
    response: OperatorStaffListSchema,
    errors: ['unauthorized', 'forbidden'],
  },
  async ({ body }, c) => {
    const caller = await requireOperator(c, body.businessId)
    return { staff: await listBusinessStaff(c.env.DB, caller.businessId) }
  }
)

operatorStaff.post(
  '/staff/operator/staff/invite',
  {
    summary: 'Invite someone with the operator role or one or more roles per store',
    description:
      `${OPERATOR_BEARER} Stores must be the business's (else validation_error ` +
      `'${MESSAGES.staffStoreNotFound}', nothing changes); an address in use answers conflict ` +
      `'${MESSAGES.staffEmailTaken}'; an address still invited gets a new link.`,
    body: OperatorStaffInviteRequestSchema,
    response: StaffInvitedSchema,
    errors: ['unauthorized', 'forbidden', 'validation_error', 'conflict', 'upstream_error'],
  },
  async ({ body }, c) => {
    const caller = await requireOperator(c, body.businessId)
    return inviteStaffWithAccess(authDeps(c), caller, body, true)
  }
)

operatorStaff.post(
  '/staff/operator/staff/roles',
  {
    summary: "Replace someone's roles: the operator role and roles per store",
    description:
      `${OPERATOR_BEARER} Another business's person answers not_found; a store of another ` +
      `business validation_error '${MESSAGES.staffStoreNotFound}' (nothing changes); removing ` +
      `your own operator role forbidden '${MESSAGES.staffOwnOperatorRole}'.`,
    body: OperatorStaffRolesRequestSchema,
    response: z.object({ saved: z.literal(true) }),
    errors: ['unauthorized', 'forbidden', 'not_found', 'validation_error'],
  },
  async ({ body }, c) => {
    const caller = await requireOperator(c, body.businessId)
    await setStaffRoles(authDeps(c), caller, body)
    return { saved: true as const }
  }
)

operatorStaff.post(
  '/staff/operator/staff/resend',
  {
    summary: 'Send an invitation again: a new link, the old one stops working',
    description:
      `${OPERATOR_BEARER} Someone who already accepted answers conflict ` +
      `'${MESSAGES.staffInvitationNotPending}'; another business's person not_found.`,
    body: OperatorStaffMemberRequestSchema,
    response: StaffInvitedSchema,
    errors: ['unauthorized', 'forbidden', 'not_found', 'conflict', 'upstream_error'],
  },
  async ({ body }, c) => {
    const caller = await requireOperator(c, body.businessId)
    return resendStaffInvitation(authDeps(c), caller, body.staffId)
  }
)
