import { Hono } from 'hono'
import type { AppEnv } from '../../../env.ts'
import { auditPage } from './audit/handlers.tsx'
import { failedTasksPage, retryFailedTask, retryUnsettledRefund } from './failed-tasks/handlers.tsx'
import { moneyNotSettledPage, retryMoneyEffect } from './money-not-settled/handlers.tsx'
import { cataloguePages } from './catalogue/index.tsx'
import { brandsPages } from './brands/index.ts'
import { operatorHome } from './home/handlers.tsx'
import { insightExport, insightPage } from './insight/handlers.tsx'
import { orderReasonsPage, saveOrderReasons } from './order-reasons/handlers.tsx'
import {
  orderArchivePage,
  restoreArchivedOrder,
  saveArchiveMonths,
} from './order-archive/handlers.tsx'
import { operatorStoresPages } from './stores/index.ts'
import { contentPages } from './content/index.ts'
import { promotionsPages } from './promotions/index.ts'
import { operatorStaffPages } from './staff/index.ts'

/**
 * The operator console (ADR 027), mounted at /store/operator inside the store console: it shares
 * the console's sign-in, session renewal, headers (never cached, noindex, its CSP) and cookies.
 * Every page checks for an operator first (access.ts); every change goes through
 * operatorChange (backend.ts), which purges the public cache it affects. Each area mounts its
 * own sub-app below.
 */
export const operatorConsole = new Hono<AppEnv>()

operatorConsole.get('/', operatorHome)
operatorConsole.get('/audit', auditPage)
operatorConsole.get('/insight', insightPage)
operatorConsole.get('/insight/export', insightExport)
operatorConsole.get('/order-reasons', orderReasonsPage)
operatorConsole.post('/order-reasons', saveOrderReasons)
operatorConsole.get('/order-archive', orderArchivePage)
operatorConsole.post('/order-archive', saveArchiveMonths)
operatorConsole.post('/order-archive/restore', restoreArchivedOrder)
operatorConsole.get('/failed-tasks', failedTasksPage)
operatorConsole.post('/failed-tasks/retry', retryFailedTask)
operatorConsole.post('/failed-tasks/refunds/retry', retryUnsettledRefund)
operatorConsole.get('/money-not-settled', moneyNotSettledPage)
operatorConsole.post('/money-not-settled/retry', retryMoneyEffect)
operatorConsole.route('/stores', operatorStoresPages)
operatorConsole.route('/catalogue', cataloguePages)
operatorConsole.route('/brands', brandsPages)
operatorConsole.route('/promotions', promotionsPages)
operatorConsole.route('/content', contentPages)
operatorConsole.route('/staff', operatorStaffPages)
