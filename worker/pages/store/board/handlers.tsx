import type { Context } from 'hono'
import { BoardPage, StoresPage } from './BoardPage.tsx'
import { MESSAGES } from '../../../../schemas/messages.ts'
import { StoreOrderBoardSchema } from '../../../../schemas/store-orders.ts'
import type { AppEnv } from '../../../env.ts'
import { readStaffAccessToken } from '../../../lib/cookies/staff-session.ts'
import { consoleFrame, storeNames } from '../frame.ts'
import { STORE_API_PREFIX, STORE_PATHS } from '../../../lib/store-console-paths.ts'
import { renderConsole } from '../render.tsx'
import { OPERATOR_PATHS } from '../../../lib/operator-paths.ts'
import { rolesAt, staffOrSignIn, storeOfPath } from '../session.ts'

const ROLE_LABELS: Record<string, string> = {
  operator: 'Operator',
  store_manager: 'Store manager',
  picker: 'Picker',
  driver: 'Driver',
}

/** GET /store: the stores the member of staff may act for (an operator: every store). */
export async function storesPage(c: Context<AppEnv>): Promise<Response> {
  const signedIn = await staffOrSignIn(c)
  if ('redirect' in signedIn) return signedIn.redirect
  const { staff } = signedIn
  const names = await storeNames(c)
  const ids = staff.operator ? [...names.keys()] : [...new Set(staff.stores.map((s) => s.storeId))]
  const stores = ids.map((storeId) => {
    const roles = rolesAt(staff, storeId)
    // A driver's own store opens their deliveries: the board is for the store's other roles.
    const driverOnly = !staff.operator && roles.every((role) => role === 'driver')
    return {
      name: names.get(storeId) ?? `Store ${storeId}`,
      roles: roles.map((role) => ROLE_LABELS[role] ?? role).join(', '),
      href: driverOnly ? STORE_PATHS.driver : STORE_PATHS.board(storeId),
    }
  })
  const driver = staff.stores.some((s) => s.role === 'driver')
  return renderConsole(c, 'Your stores', (chrome) => (
    <StoresPage
      frame={consoleFrame(chrome, staff)}
      stores={stores}
      operatorHref={staff.operator ? OPERATOR_PATHS.home : null}
      driverHref={driver ? STORE_PATHS.driver : null}
      emptyMessage={MESSAGES.staffNoStores}
    />
  ))
}

/** GET /store/<storeId>/board: the store's orders, live. */
export async function boardPage(c: Context<AppEnv>): Promise<Response> {
  const signedIn = await staffOrSignIn(c)
  if ('redirect' in signedIn) return signedIn.redirect
  const { staff } = signedIn
  const storeId = storeOfPath(c, staff)
  const board = await c.var.backend.post('/staff/orders/board', {
    body: { businessId: c.var.brand.businessId, storeId },
    token: readStaffAccessToken(c),
    schema: StoreOrderBoardSchema,
  })
  const names = await storeNames(c)
  return renderConsole(c, 'Order board', (chrome) => (
    <BoardPage
      frame={consoleFrame(chrome, staff)}
      storeName={names.get(storeId) ?? `Store ${storeId}`}
      board={board}
      orderHref={STORE_PATHS.order(storeId, 0).replace(/0$/, '{orderId}')}
      boardApi={`${STORE_API_PREFIX}/staff/orders/board`}
      livePath={STORE_PATHS.boardLive(storeId)}
      controlsHref={
        rolesAt(staff, storeId).some((role) => role === 'store_manager' || role === 'operator')
          ? STORE_PATHS.controls(storeId)
          : null
      }
    />
  ))
}
