import type { OperatorStaffMember, StoreRole } from '../../../../../schemas/staff.ts'
import {
  type FormErrors,
  type FormValues,
  ErrorSummary,
} from '../../../../../client/components/forms/Form.tsx'
import {
  CheckField,
  FieldGroup,
  type FieldsState,
  InputField,
} from '../../../../../client/components/operator/form-fields.tsx'
import {
  type OperatorFrame,
  OperatorLayout,
} from '../../../../../client/components/operator/OperatorLayout.tsx'
import { SaveButton } from '../../../../../client/components/operator/OperatorForm.tsx'
import { STACKED_TABLE_CLASS } from '../../../../../client/components/stacked-table.ts'
import { roleFieldName } from './staff-fields.ts'
import { STAFF_FIELDS } from './staff-form.ts'

/** The store roles as people read them, in the order the forms offer them. */
export const STORE_ROLE_LABELS: Readonly<Record<StoreRole, string>> = {
  store_manager: 'Store manager',
  picker: 'Picker',
  driver: 'Driver',
}

const STATUS_LABELS: Readonly<Record<OperatorStaffMember['status'], string>> = {
  active: 'Active',
  invited: 'Invited',
  deactivated: 'Deactivated',
}

/** A store the forms offer roles at. */
export interface StaffStore {
  id: number
  name: string
}

/** What someone may do, in a line: "Operator (every store)", "Piccadilly: Driver, Picker". */
export function accessSummary(member: OperatorStaffMember): Array<string> {
  const lines = member.operator ? ['Operator (every store)'] : []
  const byStore = new Map<string, Array<string>>()
  for (const entry of member.stores) {
    const roles = byStore.get(entry.storeName) ?? []
    roles.push(STORE_ROLE_LABELS[entry.role])
    byStore.set(entry.storeName, roles)
  }
  for (const [store, roles] of byStore) lines.push(`${store}: ${roles.join(', ')}`)
  return lines.length ? lines : ['No role']
}

const LINK = 'inline-flex min-h-11 items-center font-bold text-primary underline underline-offset-4'
const BUTTON =
  'inline-flex min-h-12 items-center rounded-xl bg-primary px-5 font-bold text-on-primary hover:brightness-90'

/** /store/operator/staff: everyone of the business, what they may do, and a way to change it. */
export function StaffListPage({
  frame,
  staff,
  inviteHref,
  memberHref,
}: {
  frame: OperatorFrame
  staff: ReadonlyArray<OperatorStaffMember>
  inviteHref: string
  memberHref: (staffId: number) => string
}) {
  return (
    <OperatorLayout
      frame={frame}
      title="Staff"
      intro="Who works for the business and what they may do at each store: invite people, change their roles, or end their access."
      actions={
        <a href={inviteHref} className={BUTTON}>
          Invite someone
        </a>
      }
    >
      <div className={STACKED_TABLE_CLASS.box}>
        <table className={`${STACKED_TABLE_CLASS.table} md:min-w-[40rem]`}>
          <caption className="sr-only">Staff</caption>
          <thead className={STACKED_TABLE_CLASS.head}>
            <tr>
              <th scope="col" className="p-3">
                Name
              </th>
              <th scope="col" className="p-3">
                Email
              </th>
              <th scope="col" className="p-3">
                Status
              </th>
              <th scope="col" className="p-3">
                Roles
              </th>
            </tr>
          </thead>
          <tbody className={STACKED_TABLE_CLASS.body}>
            {staff.map((member) => (
              <tr key={member.staffId} className={`${STACKED_TABLE_CLASS.row} align-top`}>
                <th scope="row" className={STACKED_TABLE_CLASS.rowHeader}>
                  <a href={memberHref(member.staffId)} className={LINK}>
                    {member.name}
                  </a>
                </th>
                <td data-label="Email" className={STACKED_TABLE_CLASS.cell}>
                  <span className="min-w-0 [overflow-wrap:anywhere]">{member.email}</span>
                </td>
                <td data-label="Status" className={STACKED_TABLE_CLASS.cell}>
                  {STATUS_LABELS[member.status]}
                </td>
                <td data-label="Roles" className={STACKED_TABLE_CLASS.cell}>
                  <ul>
                    {accessSummary(member).map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </OperatorLayout>
  )
}

/** The roles of a form: the operator role, then each store's roles as check boxes. */
function RoleFields({ state, stores }: { state: FieldsState; stores: ReadonlyArray<StaffStore> }) {
  const error = state.errors.stores
  return (
    <FieldGroup legend="Roles">
      {error ? (
        <p id={`${state.idPrefix}-stores`} className="mb-3 text-sm font-semibold text-red-700">
          {error}
        </p>
      ) : null}
      <CheckField
        state={state}
        name={STAFF_FIELDS.operator}
        label="Operator"
        hint="Runs the whole business in this console, for every store."
      />
      {stores.map((store) => (
        <fieldset key={store.id} className="mb-3 border-t border-black/10 pt-3">
          <legend className="font-semibold">{store.name}</legend>
          <div className="flex flex-wrap gap-x-6">
            {(Object.keys(STORE_ROLE_LABELS) as Array<StoreRole>).map((role) => (
              <CheckField
                key={role}
                state={state}
                name={roleFieldName(store.id, role)}
                label={`${STORE_ROLE_LABELS[role]}`}
              />
            ))}
          </div>
        </fieldset>
      ))}
    </FieldGroup>
  )
}

/** /store/operator/staff/invite: name, email and roles; the invitation is emailed (7 days). */
export function StaffInvitePage({
  frame,
  action,
  backHref,
  stores,
  values,
  errors,
}: {
  frame: OperatorFrame
  action: string
  backHref: string
  stores: ReadonlyArray<StaffStore>
  values: FormValues
  errors: FormErrors
}) {
  const state: FieldsState = { values, errors, idPrefix: 'invite' }
  return (
    <OperatorLayout
      frame={frame}
      title="Invite someone"
      intro="They get an email with a link to set their password. The link works for 7 days."
    >
      <ErrorSummary id="invite-alert" errors={errors} idPrefix="invite" />
      <form method="post" action={action} noValidate className="max-w-2xl">
        <InputField state={state} name={STAFF_FIELDS.name} label="Name" maxLength={100} />
        <InputField state={state} name={STAFF_FIELDS.email} label="Email" maxLength={254} />
        <RoleFields state={state} stores={stores} />
        <div className="flex flex-wrap items-center gap-4">
          <SaveButton>Send the invitation</SaveButton>
          <a href={backHref} className={LINK}>
            Back to staff
          </a>
        </div>
      </form>
    </OperatorLayout>
  )
}

/** One person: their roles to change, their invitation to send again, their access to end. */
export function StaffMemberPage({
  frame,
  member,
  self,
  stores,
  actions,
  values,
  errors,
  historyHref,
}: {
  frame: OperatorFrame
  member: OperatorStaffMember
  /** The signed-in operator's own page: they cannot end their own access. */
  self: boolean
  stores: ReadonlyArray<StaffStore>
  actions: { roles: string; resend: string; deactivate: string; back: string }
  values: FormValues
  errors: FormErrors
  historyHref: string
}) {
  const state: FieldsState = { values, errors, idPrefix: 'member' }
  const ended = member.status === 'deactivated'
  return (
    <OperatorLayout
      frame={frame}
      title={member.name}
      intro={`${member.email} · ${STATUS_LABELS[member.status]}`}
      actions={
        <a href={historyHref} className={LINK}>
          Their history
        </a>
      }
    >
      <ErrorSummary id="member-alert" errors={errors} idPrefix="member" />
      {ended ? (
        <p className="mb-6 max-w-2xl">This account is deactivated: they cannot sign in.</p>
      ) : (
        <form method="post" action={actions.roles} noValidate className="mb-8 max-w-2xl">
          <RoleFields state={state} stores={stores} />
          <SaveButton>Save the roles</SaveButton>
        </form>
      )}
      {member.status === 'invited' ? (
        <section aria-labelledby="resend-heading" className="mb-8 max-w-2xl">
          <h2 id="resend-heading" className="text-xl font-bold">
            Invitation
          </h2>
          <p className="mt-1 mb-3">
            They have not set their password yet. A new link replaces the one sent before.
          </p>
          <form method="post" action={actions.resend}>
            <SaveButton>Send the invitation again</SaveButton>
          </form>
        </section>
      ) : null}
      {!ended && !self ? (
        <section
          aria-labelledby="deactivate-heading"
          className="mb-8 max-w-2xl rounded-2xl border-2 border-red-700/40 p-4"
        >
          <h2 id="deactivate-heading" className="text-xl font-bold">
            Deactivate
          </h2>
          <p className="mt-1 mb-3">
            They are signed out everywhere at once and can no longer sign in. Their name stays on
            the orders they worked on.
          </p>
          <form method="post" action={actions.deactivate} noValidate>
            <CheckField
              state={state}
              name={STAFF_FIELDS.confirm}
              label={`Yes, end ${member.name}’s access`}
            />
            <button
              type="submit"
              className="min-h-12 rounded-xl border-2 border-red-700 bg-white px-5 font-bold text-red-800 hover:bg-red-50"
            >
              Deactivate {member.name}
            </button>
          </form>
        </section>
      ) : null}
      <a href={actions.back} className={LINK}>
        Back to staff
      </a>
    </OperatorLayout>
  )
}
