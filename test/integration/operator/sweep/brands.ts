import type { OperatorRouteCase } from './case.ts'

/** The brands area's operator routes, for the cross-business sweep. */
export const BRANDS_CASES: ReadonlyArray<OperatorRouteCase> = []
