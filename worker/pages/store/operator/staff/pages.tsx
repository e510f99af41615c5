import type { Context } from 'hono'
import type { FormErrors, FormValues } from '../../../../../client/lib/form-values.ts'
import { type StaffStore, StaffInvitePage, StaffListPage, StaffMemberPage } from './StaffPages.tsx'
import { MESSAGES } from '../../../../../schemas/messages.ts'
import { OperatorStoreListSchema } from '../../../../../schemas/operator-stores.ts'
import {
  OperatorStaffListSchema,
  type OperatorStaffMember,
  type StaffProfile,
  StaffDeactivatedSchema,
  StaffInvitedSchema,
} from '../../../../../schemas/staff.ts'
import { z } from 'zod'
import type { AppEnv } from '../../../../env.ts'
import { setFlash, type FlashKey } from '../../../../lib/cookies/flash.ts'
import { AppError } from '../../../../lib/errors.ts'
import { OPERATOR_PATHS } from '../../../../lib/operator-paths.ts'
import { redirectTo } from '../../../../lib/redirect.ts'
import { echoValues, formRefusal, readForm } from '../../../shared/forms.ts'
import { pathId } from '../../frame.ts'
import { operatorOrRefuse } from '../access.ts'
import { auditHref } from '../audit-links.ts'
import { operatorChange, operatorRead } from '../backend.ts'
import { operatorFrame, renderOperator } from '../render.tsx'
import {
  accessErrors,
  accessOf,
  accessValuesOf,
  postedAccessValues,
  STAFF_FIELDS,
  StaffFormSchema,
} from './staff-form.ts'

/**
 * The staff area of the operator console (issue 35 item 6): pages under /store/operator/staff.
 * A change goes through operatorChange (no public cache to purge), then 303 with a flash; a
 * refusal shows the page again with its error summary focused (422).
 */

const ROOT = OPERATOR_PATHS.staff
export const STAFF_PAGES = {
  list: ROOT,
  invite: `${ROOT}/invite`,
  member: (id: number) => `${ROOT}/${id}`,
  roles: (id: number) => `${ROOT}/${id}/roles`,
  resend: (id: number) => `${ROOT}/${id}/resend`,
  deactivate: (id: number) => `${ROOT}/${id}/deactivate`,
} as const

async function storesOf(c: Context<AppEnv>): Promise<Array<StaffStore>> {
  const { stores } = await operatorRead(
    c,
    '/staff/operator/stores/list',
    {},
    OperatorStoreListSchema
  )
  return stores.map((store) => ({ id: store.id, name: store.name }))
}

async function staffList(c: Context<AppEnv>): Promise<Array<OperatorStaffMember>> {
  const { staff } = await operatorRead(c, '/staff/operator/staff/list', {}, OperatorStaffListSchema)
  return staff
}

/** The person of the path (another business's, or no number, is the 404 page). */
async function memberOf(c: Context<AppEnv>): Promise<OperatorStaffMember> {
  const staffId = pathId(c.req.param('staffId'))
  const member =
    staffId === null ? undefined : (await staffList(c)).find((m) => m.staffId === staffId)
  if (!member) throw new AppError('not_found', MESSAGES.staffNotFound)
  return member
}

export async function staffListPage(c: Context<AppEnv>): Promise<Response> {
  const access = await operatorOrRefuse(c)
  if ('response' in access) return access.response
  const staff = await staffList(c)
  return renderOperator(c, 'Staff', (chrome) => (
    <StaffListPage
      frame={operatorFrame(chrome, access.staff, 'staff')}
      staff={staff}
      inviteHref={STAFF_PAGES.invite}
      memberHref={STAFF_PAGES.member}
    />
  ))
}

async function renderInvite(
  c: Context<AppEnv>,
  staff: StaffProfile,
  form: { values: FormValues; errors: FormErrors },
  status: 200 | 422 | 429 = 200
): Promise<Response> {
  const stores = await storesOf(c)
  return renderOperator(
    c,
    'Invite someone',
    (chrome) => (
      <StaffInvitePage
        frame={operatorFrame(chrome, staff, 'staff')}
        action={STAFF_PAGES.invite}
        backHref={STAFF_PAGES.list}
        stores={stores}
        values={form.values}
        errors={form.errors}
      />
    ),
    status
  )
}

export async function invitePage(c: Context<AppEnv>): Promise<Response> {
  const access = await operatorOrRefuse(c)
  if ('response' in access) return access.response
  return renderInvite(c, access.staff, { values: {}, errors: {} })
}

/** POST of the invitation: name, email and the ticked roles. */
export async function sendInvite(c: Context<AppEnv>): Promise<Response> {
  const access = await operatorOrRefuse(c)
  if ('response' in access) return access.response
  const form = await readForm(c)
  const storeIds = (await storesOf(c)).map((store) => store.id)
  const roles = accessOf(form, storeIds)
  const { name, email } = StaffFormSchema.parse(form)
  const echoed = echoValues(form, [STAFF_FIELDS.name, STAFF_FIELDS.email])
  const values = { ...echoed, ...postedAccessValues(form, storeIds) }
  const errors = accessErrors(roles)
  if (Object.keys(errors).length) return renderInvite(c, access.staff, { values, errors }, 422)
  try {
    await operatorChange(c, {
      path: '/staff/operator/staff/invite',
      body: { name, email, ...roles },
      schema: StaffInvitedSchema,
      affects: [],
    })
  } catch (error) {
    const refusal = formRefusal(c, error)
    return renderInvite(c, access.staff, { values, errors: refusal.errors }, refusal.status)
  }
  setFlash(c, 'staffInvited')
  return redirectTo(c, STAFF_PAGES.list, 303)
}

async function renderMember(
  c: Context<AppEnv>,
  staff: StaffProfile,
  member: OperatorStaffMember,
  form: { values: FormValues; errors: FormErrors },
  status: 200 | 422 | 429 = 200
): Promise<Response> {
  const stores = await storesOf(c)
  return renderOperator(
    c,
    member.name,
    (chrome) => (
      <StaffMemberPage
        frame={operatorFrame(chrome, staff, 'staff')}
        member={member}
        self={member.staffId === staff.staffId}
        stores={stores}
        actions={{
          roles: STAFF_PAGES.roles(member.staffId),
          resend: STAFF_PAGES.resend(member.staffId),
          deactivate: STAFF_PAGES.deactivate(member.staffId),
          back: STAFF_PAGES.list,
        }}
        values={form.values}
        errors={form.errors}
        historyHref={auditHref('staff', member.staffId)}
      />
    ),
    status
  )
}

export async function memberPage(c: Context<AppEnv>): Promise<Response> {
  const access = await operatorOrRefuse(c)
  if ('response' in access) return access.response
  const member = await memberOf(c)
  return renderMember(c, access.staff, member, { values: accessValuesOf(member), errors: {} })
}

/** A change of one person: done → 303 to their page with a flash; refused → their page again. */
async function changeMember(
  c: Context<AppEnv>,
  change: (
    member: OperatorStaffMember,
    form: Record<string, string>
  ) => Promise<FlashKey | FormErrors>
): Promise<Response> {
  const access = await operatorOrRefuse(c)
  if ('response' in access) return access.response
  const member = await memberOf(c)
  const form = await readForm(c)
  const storeIds = (await storesOf(c)).map((store) => store.id)
  const refusedValues = { ...accessValuesOf(member), ...postedAccessValues(form, storeIds) }
  try {
    const outcome = await change(member, form)
    if (typeof outcome === 'object') {
      return renderMember(c, access.staff, member, { values: refusedValues, errors: outcome }, 422)
    }
    setFlash(c, outcome)
    return redirectTo(c, STAFF_PAGES.member(member.staffId), 303)
  } catch (error) {
    if (error instanceof AppError && error.code === 'forbidden') {
      return renderMember(
        c,
        access.staff,
        member,
        {
          values: refusedValues,
          errors: { form: error.message },
        },
        422
      )
    }
    const refusal = formRefusal(c, error)
    return renderMember(
      c,
      access.staff,
      member,
      { values: refusedValues, errors: refusal.errors },
      refusal.status
    )
  }
}

export const saveRoles = (c: Context<AppEnv>) =>
  changeMember(c, async (member, form) => {
    const storeIds = (await storesOf(c)).map((store) => store.id)
    const roles = accessOf(form, storeIds)
    const errors = accessErrors(roles)
    if (Object.keys(errors).length) return errors
    await operatorChange(c, {
      path: '/staff/operator/staff/roles',
      body: { staffId: member.staffId, ...roles },
      schema: z.object({ saved: z.literal(true) }),
      affects: [],
    })
    return 'staffRolesSaved'
  })

export const resendInvite = (c: Context<AppEnv>) =>
  changeMember(c, async (member) => {
    await operatorChange(c, {
      path: '/staff/operator/staff/resend',
      body: { staffId: member.staffId },
      schema: StaffInvitedSchema,
      affects: [],
    })
    return 'staffInvitationResent'
  })

/** Deactivation asks to be confirmed: without the tick, the page says so and nothing changes. */
export const deactivate = (c: Context<AppEnv>) =>
  changeMember(c, async (member, form) => {
    if (!StaffFormSchema.parse(form).confirm) {
      return { [STAFF_FIELDS.confirm]: MESSAGES.staffDeactivateConfirm }
    }
    await operatorChange(c, {
      path: '/staff/accounts/deactivate',
      body: { staffId: member.staffId },
      schema: StaffDeactivatedSchema,
      affects: [],
    })
    return 'staffDeactivated'
  })
