import type { OperatorRouteCase } from './case.ts'

/** The content area's operator routes, for the cross-business sweep. */
export const CONTENT_CASES: ReadonlyArray<OperatorRouteCase> = []
