import type { Context } from 'hono'
import { LONGEST_POSTCODE } from '../../schemas/constants.ts'
import { readLocation, savedFulfilmentLocation } from '../lib/cookies/location.ts'
import { type Inputs, proxyCall, proxyMiddleware } from './call.ts'

/** The shopper's saved location decides the basket's delivery zone unless the call names one. */
function withFulfilmentLocation(c: Context, json: Inputs): void {
  if (json.fulfilmentLocation !== undefined) return
  const location = savedFulfilmentLocation(c)
  if (location) json.fulfilmentLocation = location
}

/**
 * A slot reservation is for where the shopper searched from unless the call says otherwise, so
 * the backend refuses a delivery slot where the store does not deliver
 * (schemas/delivery-area.ts).
 */
function withReserveLocation(c: Context, json: Inputs): void {
  if (json.latitude !== undefined || json.longitude !== undefined) return
  const location = readLocation(c)
  if (!location || location.latitude === null || location.longitude === null) return
  if (location.postcode.length <= LONGEST_POSTCODE) json.postcode = location.postcode
  json.latitude = location.latitude
  json.longitude = location.longitude
}

/**
 * Where the shopper searched from (the location cookie), into the body of a call whose route
 * declares `location`: the basket's fulfilmentLocation (spec §3) or the slot reservation's
 * postcode and coordinates (spec §7).
 *
 * @example proxy.use(shopperLocation())
 */
export function shopperLocation() {
  return proxyMiddleware(async (c, next) => {
    const { needs, json } = proxyCall(c)
    if (json && needs.location === 'fulfilment') withFulfilmentLocation(c, json)
    if (json && needs.location === 'reserve') withReserveLocation(c, json)
    await next()
  })
}
