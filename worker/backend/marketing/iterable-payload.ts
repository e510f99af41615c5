import type {
  CartUpdate,
  DataFields,
  MarketingItem,
  MarketingUser,
  Purchase,
  TrackedEvent,
  UserUpdate,
} from './port.ts'

/*
 * Iterable's request bodies (api.iterable.com/api/docs), built from the port's calls. Pure, so
 * the local log records exactly what the real adapter would send. Money leaves the backend here:
 * pence become pounds (Iterable's `price` and `total` are decimal currency amounts).
 */

/** The Iterable endpoints the port uses, by the local log's kind. */
export const ITERABLE_ENDPOINTS = {
  user_update: '/api/users/update',
  event: '/api/events/track',
  purchase: '/api/commerce/trackPurchase',
  cart_update: '/api/commerce/updateCart',
} as const

/** Pence to pounds, exactly to the penny (1999 → 19.99). */
export function penceToPounds(pence: number): number {
  return Math.round(pence) / 100
}

interface IterableUserFields {
  userId: string
  email?: string
  /** Anonymous shoppers have no email: Iterable then keys the profile by userId. */
  preferUserId: true
}

function userFields(user: MarketingUser): IterableUserFields {
  return { userId: user.userId, ...(user.email ? { email: user.email } : {}), preferUserId: true }
}

/** Iterable's createdAt: seconds since the epoch. */
function epochSeconds(at: Date): number {
  return Math.floor(at.getTime() / 1000)
}

/** Iterable's campaignId is its own integer id; any other campaign reference stays a field. */
function campaignFields(campaignId: string | undefined): {
  campaignId?: number
  extra: DataFields
} {
  if (campaignId === undefined) return { extra: {} }
  return /^\d{1,15}$/.test(campaignId)
    ? { campaignId: Number(campaignId), extra: {} }
    : { extra: { campaign: campaignId } }
}

export interface IterableItem {
  id: string
  name: string
  price: number
  quantity: number
  categories?: Array<string>
}

function itemOf(item: MarketingItem): IterableItem {
  return {
    id: item.id,
    name: item.name,
    price: penceToPounds(item.unitPrice),
    quantity: item.quantity,
    ...(item.categories ? { categories: item.categories } : {}),
  }
}

export function userUpdateBody(update: UserUpdate) {
  return { ...userFields(update.user), dataFields: update.dataFields }
}

export function trackBody(event: TrackedEvent) {
  const campaign = campaignFields(event.campaignId)
  const amounts = Object.fromEntries(
    Object.entries(event.amounts ?? {}).map(([name, pence]) => [name, penceToPounds(pence)])
  )
  return {
    ...userFields(event.user),
    eventName: event.eventName,
    ...(event.id ? { id: event.id } : {}),
    createdAt: epochSeconds(event.createdAt),
    dataFields: { ...event.dataFields, ...amounts, ...campaign.extra },
    ...(campaign.campaignId !== undefined ? { campaignId: campaign.campaignId } : {}),
  }
}

export function purchaseBody(purchase: Purchase) {
  return {
    id: purchase.id,
    user: userFields(purchase.user),
    items: purchase.items.map(itemOf),
    total: penceToPounds(purchase.total),
    createdAt: epochSeconds(purchase.createdAt),
    dataFields: purchase.dataFields,
  }
}

export function cartBody(cart: CartUpdate) {
  return { user: userFields(cart.user), items: cart.items.map(itemOf) }
}
