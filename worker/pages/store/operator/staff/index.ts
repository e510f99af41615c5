import { Hono } from 'hono'
import type { AppEnv } from '../../../../env.ts'
import {
  deactivate,
  invitePage,
  memberPage,
  resendInvite,
  saveRoles,
  sendInvite,
  staffListPage,
} from './pages.tsx'

/** The staff area's pages (issue 35 item 6), mounted at /store/operator/staff. */
export const operatorStaffPages = new Hono<AppEnv>()

operatorStaffPages.get('/', staffListPage)
operatorStaffPages.get('/invite', invitePage)
operatorStaffPages.post('/invite', sendInvite)
operatorStaffPages.get('/:staffId{[0-9]+}', memberPage)
operatorStaffPages.post('/:staffId{[0-9]+}/roles', saveRoles)
operatorStaffPages.post('/:staffId{[0-9]+}/resend', resendInvite)
operatorStaffPages.post('/:staffId{[0-9]+}/deactivate', deactivate)
