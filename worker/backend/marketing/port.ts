/**
 * The marketing service (ADR 025; spec §7 Other "The marketing service is called by API for user
 * update and event tracking"), shaped after Iterable's API. Amounts are pence here, like the rest
 * of the backend (ADR 005); the adapter converts them at its edge.
 */

/**
 * Who an event is about: an opted-in member (userId and email), or an anonymous shopper by their
 * marketing id (userId only). Never the email of someone who did not opt in (ADR 025).
 */
export interface MarketingUser {
  userId: string
  email?: string | undefined
}

/** Plain values Iterable keeps in a profile's or an event's dataFields. */
export type DataFields = Record<string, string | number | boolean | null>

/** A basket or order line. */
export interface MarketingItem {
  id: string
  name: string
  quantity: number
  /** Pence, for one unit. */
  unitPrice: number
  categories?: Array<string> | undefined
}

/** Which business (and brand) a call is made for: the local log keeps them. */
export interface MarketingScope {
  businessId: number
  brandId: number | null
}

export interface UserUpdate extends MarketingScope {
  user: MarketingUser
  dataFields: DataFields
}

export interface TrackedEvent extends MarketingScope {
  user: MarketingUser
  eventName: string
  /** The event's own id: Iterable overwrites an event sent again with the same id. */
  id?: string | undefined
  dataFields: DataFields
  /** Pence amounts sent in pounds beside dataFields. */
  amounts?: Record<string, number> | undefined
  createdAt: Date
  /** A marketing campaign the event is attributed to (a deep link's campaignId). */
  campaignId?: string | undefined
}

export interface Purchase extends MarketingScope {
  user: MarketingUser
  /** The order's number: a purchase sent twice is one purchase. */
  id: string
  items: Array<MarketingItem>
  /** Pence. */
  total: number
  createdAt: Date
  dataFields: DataFields
}

export interface CartUpdate extends MarketingScope {
  user: MarketingUser
  items: Array<MarketingItem>
}

/**
 * The port. Callers run it in the background and never let it fail the shopper's action
 * (worker/backend/marketing/effects.ts); an adapter may reject.
 */
export interface MarketingService {
  updateUser(update: UserUpdate): Promise<void>
  track(event: TrackedEvent): Promise<void>
  trackPurchase(purchase: Purchase): Promise<void>
  updateCart(cart: CartUpdate): Promise<void>
}
