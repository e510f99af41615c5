import { MESSAGES } from '../../schemas/messages.ts'
import { mobileExample } from '../../schemas/phone-example.ts'
import { useShopLocale } from './shop-locale.ts'
import { useText } from './page-text.ts'

/**
 * A phone field's hint in the shop's country and language (issue 43): the UK's as it always read
 * ('A UK mobile number, e.g. 07700 900123.'), another country's with its own example mobile
 * ('Een mobiel nummer, bijv. 06 12345678.'). `removable`: the member's own number, which a blank
 * field removes. Server renders only: no island shows it.
 */
export function useMobileHint(removable = false): string {
  const text = useText()
  const { countryCode } = useShopLocale()
  if (countryCode === 'GB') {
    return text(removable ? MESSAGES.pageMobileHintRemovable : MESSAGES.pageUkMobileHint)
  }
  const example = mobileExample(countryCode)
  if (example === null) {
    return text(removable ? MESSAGES.pageMobileNumberHintRemovable : MESSAGES.pageMobileNumberHint)
  }
  return text(
    removable ? MESSAGES.pageMobileExampleHintRemovable : MESSAGES.pageMobileExampleHint,
    example
  )
}

/**
 * The checkout's phone hint: what the number is for, and abroad the country's example mobile as
 * registering gives it ('We sturen je een sms over je bestelling. Een mobiel nummer, bijv. 06
 * 12345678.'). The UK's reads exactly as it always did, with no example. Server renders only.
 */
export function useOrderMobileHint(): string {
  const text = useText()
  const { countryCode } = useShopLocale()
  const example = countryCode === 'GB' ? null : mobileExample(countryCode)
  return example === null
    ? text(MESSAGES.pageMobileHint)
    : text(MESSAGES.pageMobileHintExample, example)
}
