import type { Things } from '../fixtures.ts'

/**
 * One operator route as the cross-business sweep (../cross-business.test.ts) calls it. Every
 * route under /staff/operator/ must have a case: the sweep fails naming any route without one.
 */
export interface OperatorRouteCase {
  /** The backend route, e.g. '/staff/operator/stores/update'. */
  path: string
  /**
   * A valid body acting on the given business's things (the sweep adds businessId). For an
   * upload, a FormData (sent as multipart/form-data).
   */
  body: (things: Things) => Record<string, unknown> | FormData
  /**
   * Whether the body names things by id. Then, sent by business 1's operator with business 2's
   * things, the route must answer 404 and change nothing. A route that only lists or creates
   * says false, and its own tests show it lists only the caller's business.
   */
  namesThings: boolean
}
