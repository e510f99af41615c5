import type { Context } from 'hono'
import type { StoreSearchBoxProps } from '../../../client/lib/store-search.ts'
import {
  STORE_SEARCH_ERROR_QUERY,
  STORE_SEARCH_ERRORS,
  STORE_SEARCH_QUERY,
  type StoreSearchErrorKey,
  type StoreSearchVariant,
} from '../../../client/lib/store-search.ts'
import type { Brand } from '../../../schemas/brand.ts'
import { shopLocaleOf } from '../../../schemas/locale.ts'
import { localiseMessage, translate } from '../../../schemas/message-catalogue.ts'
import {
  checkPostcode,
  DEFAULT_POSTCODE_RULE,
  type PostcodeRule,
  postcodeRuleFor,
  postcodeMaxLength,
} from '../../../schemas/postcode.ts'
import type { AppEnv } from '../../env.ts'

/**
 * The rule a brand's store search checks postcodes with: its business's rule for the brand's
 * country, else the one the shop knows for that country (GB, NL, IE), else GB's.
 */
export function brandPostcodeRule(brand: Brand): PostcodeRule {
  return (
    postcodeRuleFor(brand.postcodeRules, brand.countryCode, brand.countryCode) ??
    DEFAULT_POSTCODE_RULE
  )
}

/** Which search box the brand shows (white-label store.enableStoresSearchByAddress). */
export function searchVariant(brand: Brand): StoreSearchVariant {
  return brand.settings.store.enableStoresSearchByAddress ? 'address' : 'postcode'
}

/** The search box of a brand with nothing typed yet (results page, error pages). */
export function storeSearchBox(brand: Brand): StoreSearchBoxProps {
  return {
    variant: searchVariant(brand),
    postcodeRule: brandPostcodeRule(brand),
    enableDeviceLocation: brand.settings.store.enableDeviceLocation,
  }
}

function isSearchErrorKey(value: string | undefined): value is StoreSearchErrorKey {
  return STORE_SEARCH_ERRORS.some((key) => key === value)
}

/**
 * The home page's search box, carrying back what a failed search flow sent it: the typed postcode
 * (`?postcode=`, checked again so the message is the spec's) or an error key (`?searchError=`).
 */
export function storeSearchBoxFromQuery(c: Context<AppEnv>): StoreSearchBoxProps {
  const box = storeSearchBox(c.var.brand)
  // Checked in English, the catalogue's source, and said in the brand's language (ADR 049).
  const shop = shopLocaleOf(c.var.brand)
  const typed = c.req.query(STORE_SEARCH_QUERY.postcode)
  const errorKey = c.req.query(STORE_SEARCH_ERROR_QUERY)
  if (isSearchErrorKey(errorKey)) return { ...box, initialError: translate(shop, errorKey) }
  if (typed === undefined) return box
  const check = checkPostcode(typed, box.postcodeRule)
  return {
    ...box,
    initialValue: typed.slice(0, postcodeMaxLength(box.postcodeRule.countryCode)),
    ...(check.ok ? {} : { initialError: localiseMessage(shop, check.message) }),
  }
}
