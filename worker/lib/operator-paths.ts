import { STORE_CONSOLE_PATH } from './cookies/cookies.ts'

/**
 * The operator console's paths (ADR 027): under the store console (/store/operator), so the
 * staff cookies (Path=/store) reach it and it shares the console's headers and sign-in. Each
 * area's pages add their own paths below its root.
 */
const ROOT = `${STORE_CONSOLE_PATH}/operator`

export const OPERATOR_PATHS = {
  home: ROOT,
  brands: `${ROOT}/brands`,
  stores: `${ROOT}/stores`,
  catalogue: `${ROOT}/catalogue`,
  promotions: `${ROOT}/promotions`,
  content: `${ROOT}/content`,
  staff: `${ROOT}/staff`,
  audit: `${ROOT}/audit`,
  insight: `${ROOT}/insight`,
  reasons: `${ROOT}/order-reasons`,
  archive: `${ROOT}/order-archive`,
  effects: `${ROOT}/failed-tasks`,
  money: `${ROOT}/money-not-settled`,
} as const

export type OperatorArea = Exclude<keyof typeof OPERATOR_PATHS, 'home'>
