import { ENGLISH_TEXTS, type PageTexts } from '../../../client/lib/page-text.ts'
import type { ShopLocale } from '../../../schemas/locale.ts'
import {
  catalogueLocale,
  countOf,
  countTemplate,
  localiseMessage,
  translatedTemplate,
  translateEnglish,
} from '../../../schemas/message-catalogue.ts'

/**
 * The page text a render provides (client/lib/page-text.ts): the brand's catalogue, formatted on
 * the worker (ADR 049); English exactly as written for a brand that reads English, so a UK page
 * is what it was.
 */
export function pageTextsOf(shop: ShopLocale): PageTexts {
  if (catalogueLocale(shop.locale) === 'en-GB') return ENGLISH_TEXTS
  return {
    say: (english, ...values) => translateEnglish(shop, english, ...values),
    template: (english) => translatedTemplate(shop, english),
    localise: (english) => localiseMessage(shop, english),
    count: (noun, count) => countOf(shop, noun, count),
    countTemplate: (noun) => countTemplate(shop, noun),
  }
}
