import type { MiddlewareHandler } from 'hono'
import { requestId as honoRequestId, type RequestIdVariables } from 'hono/request-id'

/**
 * Sets `c.var.requestId` from a well-formed incoming `x-request-id` (letters, digits, `-`, `_`,
 * `=`; at most 128 characters) or a fresh `crypto.randomUUID()`, and echoes it as the
 * `x-request-id` response header.
 *
 * @example app.use(requestId())
 */
export function requestId(): MiddlewareHandler<{ Variables: RequestIdVariables }> {
  return honoRequestId({ limitLength: 128, headerName: 'x-request-id' })
}
