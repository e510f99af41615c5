import type { LoyaltyProgress, LoyaltyScheme } from '../../schemas/loyalty.ts'
import { formatMoney } from '../../schemas/money.ts'
import { formatNumber, GB_LOCALE, type ShopLocale } from '../../schemas/locale.ts'

/*
 * What the loyalty, store credit and referral views say, as pure functions (ADR 020, ADR 021):
 * the pages, the islands and their tests share one wording.
 */

/** 'N points · M more for your next £2.50' (the progress bar's text). */
export function progressText(progress: LoyaltyProgress, shop: ShopLocale = GB_LOCALE): string {
  const points = progress.pointsBalance
  const unit = Math.abs(points) === 1 ? 'point' : 'points'
  return `${points} ${unit} · ${progress.pointsToNextReward} more for your next ${formatMoney(progress.scheme.rewardValue, shop)}`
}

/** One whole unit of the shop's currency, as the earning rule says it: '£1', '€ 1'. */
function wholeUnit(shop: ShopLocale): string {
  return formatNumber(1, shop, {
    style: 'currency',
    currency: shop.currency,
    maximumFractionDigits: 0,
  })
}

/** How points are earned and what they become, from the business's scheme. */
export function earnRuleText(scheme: LoyaltyScheme, shop: ShopLocale = GB_LOCALE): string {
  const per = scheme.pointsPerPound === 1 ? '1 point' : `${scheme.pointsPerPound} points`
  return (
    `${per} for every ${wholeUnit(shop)} you spend on delivered orders. ` +
    `Every ${scheme.rewardThreshold} points become ${formatMoney(scheme.rewardValue, shop)} of store credit.`
  )
}

/** A signed amount of money: '+£5.00', '−£5.00' (a true minus sign, as the totals use). */
export function signedMoney(pence: number, shop: ShopLocale = GB_LOCALE): string {
  if (pence < 0) return `−${formatMoney(-pence, shop)}`
  return `+${formatMoney(pence, shop)}`
}

/** Signed points: '+12', '−250'. */
export function signedPoints(points: number): string {
  return points < 0 ? `−${-points}` : `+${points}`
}

/**
 * The share link as a friend opens it: the referral's path on the host the member is using (each
 * brand shares its own address, ADR 012). A path that is not site-relative is refused.
 */
export function shareUrl(origin: string, sharePath: string): string {
  if (!sharePath.startsWith('/') || sharePath.startsWith('//')) {
    throw new Error('A share path must be site-relative')
  }
  return new URL(sharePath, origin).toString()
}

/** The store credit row of a totals list: 'Store credit −£5.00'. */
export const STORE_CREDIT_LABEL = 'Store credit'

/** The payment step's switch: 'Use my £7.50 store credit'. */
export function useCreditLabel(available: number, shop: ShopLocale = GB_LOCALE): string {
  return `Use my ${formatMoney(available, shop)} store credit`
}

/** Said when credit covers the whole order (total 0): nothing is charged. */
export const NOTHING_TO_PAY = 'Nothing to pay: your store credit covers this order'
