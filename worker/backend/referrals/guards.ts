import { TZDate } from '@date-fns/tz'
import { addMonths, startOfMonth } from 'date-fns'
import { normaliseMobilePhone } from '../../../schemas/phone.ts'

/*
 * The referral abuse guards (ADR 021), pure: the repo gathers what each person left behind and
 * these decide. A friend who shares any trace with their referrer is the referrer under another
 * account, so the referral is refused with the first shared signal as its reason.
 */

/** Why a referral was refused; recorded word for word in referral_decisions.reason. */
export type RefusalReason =
  | 'same_email'
  | 'same_phone'
  | 'same_card'
  | 'same_address'
  | 'same_device'
  | 'scheme_inactive'
  | 'monthly_cap'
  | 'not_first_order'

/** A saved card as the gateway knows it. */
export interface CardTrace {
  brand: string
  last4: string
  expiryMonth: number
  expiryYear: number
  /** The gateway's customer reference (Realex payer ref), when the card has one. */
  gatewayCustomerRef: string | null
}

/** A delivery address: of an order or saved. */
export interface AddressTrace {
  postcode: string
  line1: string
}

/** Everything that ties an account to a person. Absent kinds are empty lists. */
export interface PersonTraces {
  emails: ReadonlyArray<string>
  phones: ReadonlyArray<string>
  cards: ReadonlyArray<CardTrace>
  addresses: ReadonlyArray<AddressTrace>
  devices: ReadonlyArray<string>
}

const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com'])

/**
 * An email as a mailbox: lower case, trimmed; Gmail ignores dots and '+tags' in the local part
 * and googlemail.com is gmail.com, so 'J.Doe+x@googlemail.com' is 'jdoe@gmail.com'.
 */
export function normaliseEmail(email: string): string {
  const lower = email.trim().toLowerCase()
  const at = lower.lastIndexOf('@')
  if (at < 0) return lower
  const local = lower.slice(0, at)
  const domain = lower.slice(at + 1)
  if (!GMAIL_DOMAINS.has(domain)) return lower
  return `${local.split('+')[0]?.replaceAll('.', '') ?? ''}@gmail.com`
}

/**
 * A phone as the project's one normaliser writes it (E.164 for a UK mobile, so '07700 900001'
 * and '+447700900001' are one phone); anything else compacted, as typed.
 */
export function normalisePhone(phone: string): string {
  return normaliseMobilePhone(phone) ?? phone.replace(/[\s()-]/g, '')
}

/** Postcode without spaces, upper case, and first line lower case with punctuation dropped. */
export function addressKey(address: AddressTrace): string {
  const postcode = address.postcode.replace(/\s+/g, '').toUpperCase()
  const line1 = address.line1
    .toLowerCase()
    .replace(/[^a-z0-9 ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  return `${postcode}|${line1}`
}

/** The card's own fingerprint: brand, last four digits and expiry. */
export function cardKey(card: CardTrace): string {
  return `${card.brand}|${card.last4}|${card.expiryMonth}|${card.expiryYear}`
}

function shares<T>(a: ReadonlyArray<T>, b: ReadonlyArray<T>, key: (value: T) => string): boolean {
  const mine = new Set(a.map(key).filter((k) => k !== ''))
  return b.some((value) => mine.has(key(value)))
}

/**
 * The first signal the friend shares with the referrer, or null when none. A card matches by its
 * fingerprint, or by the gateway customer reference when both cards have one (the same gateway
 * customer is the same person whatever the card).
 */
export function sharedSignal(friend: PersonTraces, referrer: PersonTraces): RefusalReason | null {
  if (shares(friend.emails, referrer.emails, normaliseEmail)) return 'same_email'
  if (shares(friend.phones, referrer.phones, normalisePhone)) return 'same_phone'
  if (shares(friend.cards, referrer.cards, cardKey)) return 'same_card'
  if (shares(friend.cards, referrer.cards, (card) => card.gatewayCustomerRef ?? '')) {
    return 'same_card'
  }
  if (shares(friend.addresses, referrer.addresses, addressKey)) return 'same_address'
  if (shares(friend.devices, referrer.devices, (device) => device.trim())) return 'same_device'
  return null
}

/** The calendar month `now` falls in, in the business's zone, as UTC instants [start, end). */
export function monthWindow(now: Date, timeZone: string): { start: string; end: string } {
  const start = startOfMonth(new TZDate(now, timeZone))
  return {
    start: new Date(start.getTime()).toISOString(),
    end: new Date(addMonths(start, 1).getTime()).toISOString(),
  }
}

/** What decides a reward besides the shared signals. */
export interface RewardContext {
  schemeActive: boolean
  /** Rewards the referrer already had in this calendar month. */
  rewardsThisMonth: number
  monthlyCap: number
}

/** Why the reward is refused, or null: it is due. */
export function rewardRefusal(
  context: RewardContext,
  friend: PersonTraces,
  referrer: PersonTraces
): RefusalReason | null {
  if (!context.schemeActive) return 'scheme_inactive'
  const signal = sharedSignal(friend, referrer)
  if (signal) return signal
  return context.rewardsThisMonth >= context.monthlyCap ? 'monthly_cap' : null
}
