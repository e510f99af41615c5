import { formatMoney } from '../../../schemas/money.ts'
import { GB_LOCALE, type ShopLocale } from '../../../schemas/locale.ts'
import { fillMessage } from '../../../schemas/message-format.ts'
import { MESSAGES } from '../../../schemas/messages.ts'

/*
 * The referral offer in words, in one place (spec §1: "£5 off the next order for both"). What
 * happens (ADR 021): once the friend's first order is delivered, each of them gets the reward as
 * store credit, which comes off their next order. Every page that states the offer says it with
 * these sentences (their words are catalogue messages: a page says them with
 * text(MESSAGES.pageOfferHeadline, …) in the brand's language); the demo FAQ's answer is checked
 * against them.
 */

/** 'Refer a friend: £5.00 off for you both'. */
export function offerHeadline(rewardAmount: number, shop: ShopLocale = GB_LOCALE): string {
  return fillMessage(MESSAGES.pageOfferHeadline, formatMoney(rewardAmount, shop))
}

/** What the member who shares their link is promised. */
export function referralPromise(rewardAmount: number, shop: ShopLocale = GB_LOCALE): string {
  return fillMessage(MESSAGES.pageReferralPromise, formatMoney(rewardAmount, shop))
}

/** What the friend arriving by a link is promised. */
export function invitationPromise(
  referrerFirstName: string,
  rewardAmount: number,
  shop: ShopLocale = GB_LOCALE
): string {
  return fillMessage(
    MESSAGES.pageInvitationPromise,
    referrerFirstName,
    formatMoney(rewardAmount, shop)
  )
}
