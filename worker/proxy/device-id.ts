import { deviceIdFor } from '../lib/cookies/device.ts'
import { proxyCall, proxyMiddleware } from './call.ts'

/** Process order (spec §7): the island's order carries this browser's device (ADR 021). */
const PROCESS_ORDER_PATH = '/checkout/process-order'

/**
 * The device id cookie is httpOnly: the island cannot send it, and a page must not choose it
 * (the referral guards compare it), so the proxy sets it on the order as the no-JavaScript form
 * does.
 *
 * @example proxy.use(orderDevice())
 */
export function orderDevice() {
  return proxyMiddleware(async (c, next) => {
    const { path, json } = proxyCall(c)
    if (json && path === PROCESS_ORDER_PATH) json.messagingDeviceId = deviceIdFor(c)
    await next()
  })
}
