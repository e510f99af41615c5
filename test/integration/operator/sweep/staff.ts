import type { OperatorRouteCase } from './case.ts'

/** The staff area's operator routes (issue 35 item 6), for the cross-business sweep. */
export const STAFF_CASES: ReadonlyArray<OperatorRouteCase> = [
  { path: '/staff/operator/staff/list', body: () => ({}), namesThings: false },
  {
    path: '/staff/operator/staff/invite',
    body: (things) => ({
      email: 'sweep-invite@example.com',
      name: 'Sweep Invite',
      operator: false,
      stores: [{ storeId: things.storeId, role: 'driver' }],
    }),
    // Another business's store is a refused field (422), tested in staff.test.ts.
    namesThings: false,
  },
  {
    path: '/staff/operator/staff/roles',
    body: (things) => ({
      staffId: things.staffId,
      operator: false,
      stores: [{ storeId: things.storeId, role: 'picker' }],
    }),
    namesThings: true,
  },
  {
    path: '/staff/operator/staff/resend',
    body: (things) => ({ staffId: things.staffId }),
    namesThings: true,
  },
]
