import type { OperatorRouteCase } from './case.ts'

/** The stores area's operator routes, for the cross-business sweep. */
export const STORES_CASES: ReadonlyArray<OperatorRouteCase> = []
