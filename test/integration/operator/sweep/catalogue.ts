import type { OperatorRouteCase } from './case.ts'

/** The catalogue area's operator routes, for the cross-business sweep. */
export const CATALOGUE_CASES: ReadonlyArray<OperatorRouteCase> = []
