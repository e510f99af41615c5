import { STORE_CONSOLE_PATH } from './cookies/cookies.ts'

/** The store console's paths (ADR 018), one place for the pages, redirects and islands. */
export const STORE_PATHS = {
  home: STORE_CONSOLE_PATH,
  signIn: `${STORE_CONSOLE_PATH}/sign-in`,
  signOut: `${STORE_CONSOLE_PATH}/sign-out`,
  driver: `${STORE_CONSOLE_PATH}/driver`,
  account: `${STORE_CONSOLE_PATH}/account`,
  findOrder: `${STORE_CONSOLE_PATH}/orders/find`,
  accountPassword: `${STORE_CONSOLE_PATH}/account/password`,
  signOutEverywhere: `${STORE_CONSOLE_PATH}/account/sign-out-everywhere`,
  invitation: (token: string) => `${STORE_CONSOLE_PATH}/invitation/${encodeURIComponent(token)}`,
  board: (storeId: number) => `${STORE_CONSOLE_PATH}/${storeId}/board`,
  boardLive: (storeId: number) => `${STORE_CONSOLE_PATH}/${storeId}/board/live`,
  controls: (storeId: number) => `${STORE_CONSOLE_PATH}/${storeId}/controls`,
  order: (storeId: number, orderId: number) => `${STORE_CONSOLE_PATH}/${storeId}/orders/${orderId}`,
  handBack: (storeId: number, orderId: number) =>
    `${STORE_CONSOLE_PATH}/${storeId}/orders/${orderId}/hand-back`,
} as const

/** `?handBack=` on the driver's page after a substitute handed back at the door. */
export const HAND_BACK_QUERY = 'handBack'

/** `?step=code` on the sign-in page: the emailed code's form. */
export const SIGN_IN_STEP_QUERY = 'step'

/**
 * Where the console's islands call the backend (worker/proxy/store-console.ts): under /store, so
 * the staff cookies (Path=/store) reach it and the shop's /api never sees them.
 */
export const STORE_API_PREFIX = `${STORE_CONSOLE_PATH}/api`
