import { handBackForm } from './order/hand-back-form.ts'
import { Hono } from 'hono'
import type { AppEnv } from '../../env.ts'
import { accountPage, changePasswordForm, signOutEverywhereForm } from './account/handlers.tsx'
import { boardPage, storesPage } from './board/handlers.tsx'
import { boardLive } from './board/live.ts'
import { controlsForm, controlsPage } from './controls/handlers.tsx'
import { driverPage } from './order/driver-handlers.tsx'
import { operatorConsole } from './operator/index.ts'
import { deliveryNotePage, orderActionForm, orderPage } from './order/handlers.tsx'
import { orderFindPage } from './order-find/handlers.tsx'
import { staffSession } from './session.ts'
import {
  staffInvitationForm,
  staffInvitationPage,
  staffSignInForm,
  staffSignInPage,
  staffSignOutForm,
} from './sign-in/handlers.tsx'

/**
 * The store console (ADR 018), mounted at /store on every brand host: sign-in, the stores, each
 * store's live board and orders, the driver's round, (its islands' proxy is worker/proxy/store-console.ts). Its headers (never
 * cached, noindex, its own CSP and Permissions-Policy) come from storeConsoleHeaders.
 */
export const storeConsole = new Hono<AppEnv>()

// Pages renew a lapsing staff session first. The console's proxy (/store/api, mounted before
// this) does not: a refresh token is single use and an island's parallel calls would race; an
// island that hears 401 reloads its page, which renews it.
storeConsole.use(staffSession())

storeConsole.get('/', storesPage)
storeConsole.get('/sign-in', staffSignInPage)
storeConsole.post('/sign-in', staffSignInForm)
storeConsole.post('/sign-out', staffSignOutForm)
storeConsole.get('/invitation/:token', (c) => staffInvitationPage(c))
storeConsole.post('/invitation/:token', staffInvitationForm)
storeConsole.get('/driver', driverPage)
storeConsole.get('/orders/find', orderFindPage)
storeConsole.get('/account', accountPage)
storeConsole.post('/account/password', changePasswordForm)
storeConsole.post('/account/sign-out-everywhere', signOutEverywhereForm)
storeConsole.route('/operator', operatorConsole)
storeConsole.get('/:storeId/board', boardPage)
storeConsole.get('/:storeId/board/live', boardLive)
storeConsole.get('/:storeId/controls', controlsPage)
storeConsole.post('/:storeId/controls', controlsForm)
storeConsole.get('/:storeId/orders/:orderId', orderPage)
storeConsole.get('/:storeId/orders/:orderId/delivery-note', deliveryNotePage)
storeConsole.post('/:storeId/orders/:orderId', orderActionForm)
storeConsole.post('/:storeId/orders/:orderId/hand-back', handBackForm)
