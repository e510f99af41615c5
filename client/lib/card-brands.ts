import type { CardBrand } from '../../schemas/payments.ts'

/**
 * The brand names shoppers read (spec §9 card brands). Detecting a brand from typed digits is
 * schemas/card-brand.ts (detectCardBrand), shared with the sandbox card page.
 */
export const CARD_BRAND_NAMES: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  discover: 'Discover',
  jcb: 'JCB',
}
