import { cacheKey } from './kv-cache.ts'

/**
 * A public answer the proxy keeps in KV: the same for every shopper of a brand. A backend route
 * declares its rule where it is defined (`edge.cache`, worker/lib/edge-routes.ts); every other
 * answer is private, no-store.
 */
export interface PublicCacheRule {
  /** The scope part of the KV key. */
  scope: string
  /** Seconds an entry is served from KV. */
  ttlSeconds: number
  /** Inputs that do not change the answer, left out of the key so shoppers share entries. */
  ignoredInputs?: ReadonlyArray<string>
  /** Inputs that make the answer personal: a call carrying any of them is never cached. */
  uncachedWith?: ReadonlyArray<string>
}

/**
 * A public answer's rule and KV key, or null when the call has no rule (it is private: the
 * route declares none, edge-routes.ts) or carries an input that makes it personal.
 */
export async function publicCacheEntry(
  rule: PublicCacheRule | null,
  businessId: number,
  inputs: Record<string, unknown>
): Promise<{ rule: PublicCacheRule; key: string } | null> {
  if (!rule) return null
  if (rule.uncachedWith?.some((name) => inputs[name] !== undefined && inputs[name] !== null)) {
    return null
  }
  const key = await cacheKey({
    scope: rule.scope,
    businessId,
    storeId: typeof inputs.storeId === 'number' ? inputs.storeId : null,
    fulfilmentMethod: typeof inputs.fulfilmentMethod === 'string' ? inputs.fulfilmentMethod : null,
    // The tenant is already in the key; ignored inputs would only split shared entries.
    inputs: {
      ...inputs,
      businessId: undefined,
      ...Object.fromEntries((rule.ignoredInputs ?? []).map((name) => [name, undefined])),
    },
  })
  return { rule, key }
}
