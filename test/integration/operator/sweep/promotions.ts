import type { OperatorRouteCase } from './case.ts'

/** The promotions area's operator routes, for the cross-business sweep. */
export const PROMOTIONS_CASES: ReadonlyArray<OperatorRouteCase> = []
