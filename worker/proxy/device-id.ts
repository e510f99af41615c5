import { deviceIdFor } from '../lib/cookies/device.ts'
import { proxyCall, proxyMiddleware } from './call.ts'

/**
 * The device id cookie is httpOnly: the island cannot send it, and a page must not choose it
 * (the referral guards compare it), so the proxy sets it on a call whose route declares
 * `deviceId` (placing an order, spec §7) as the no-JavaScript form does.
 *
 * @example proxy.use(orderDevice())
 */
export function orderDevice() {
  return proxyMiddleware(async (c, next) => {
    const { needs, json } = proxyCall(c)
    if (json && needs.deviceId) json.messagingDeviceId = deviceIdFor(c)
    await next()
  })
}
