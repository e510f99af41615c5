import {
  cookieDurationLabel,
  COOKIE_INVENTORY,
  THIRD_PARTY_SERVICES,
  type CookieCategory,
  type CookieInventoryEntry,
} from '../../schemas/cookie-inventory.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import { useText } from '../lib/page-text.ts'
import { useShopLocale } from '../lib/shop-locale.ts'
import { STACKED_TABLE_CLASS } from './stacked-table.ts'

const COLUMNS = [
  MESSAGES.pageCookieName,
  MESSAGES.pageCookiePurpose,
  MESSAGES.pageCookieLasts,
  MESSAGES.pageCategory,
] as const

const CATEGORY_LABELS: Record<CookieCategory, string> = {
  'strictly-necessary': MESSAGES.pageStrictlyNecessary,
}

/**
 * The cookies the site sets (schemas/cookie-inventory.ts) as a table for the cookie policy page:
 * name, purpose, how long it lasts and its category. On a phone each cookie is a card of its
 * cells, each led by its column's name (stacked-table.ts, as the operator lists), so the purposes
 * are neither squeezed nor scrolled sideways.
 */
export function CookieTable({
  cookies = COOKIE_INVENTORY,
  caption = MESSAGES.pageCookiesThisSiteUses,
}: {
  cookies?: ReadonlyArray<CookieInventoryEntry>
  /** The table's name, a catalogue message's English (said here in the brand's language). */
  caption?: string
}) {
  const text = useText()
  const shop = useShopLocale()
  const [purpose, lasts, category] = COLUMNS.slice(1).map((column) => text(column))
  return (
    // Focusable so keyboard users can scroll a wide table (axe: scrollable-region-focusable).
    <div className={STACKED_TABLE_CLASS.box} tabIndex={0} role="region" aria-label={text(caption)}>
      <table className={`${STACKED_TABLE_CLASS.table} text-sm md:min-w-[36rem]`}>
        <caption className="sr-only">{text(caption)}</caption>
        <thead className={STACKED_TABLE_CLASS.head}>
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className="px-3 py-2 font-bold">
                {text(column)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={STACKED_TABLE_CLASS.body}>
          {cookies.map((cookie) => (
            <tr key={cookie.name} className={STACKED_TABLE_CLASS.row}>
              <th
                scope="row"
                className={`${STACKED_TABLE_CLASS.rowHeader} align-top font-mono text-xs font-semibold max-md:text-sm`}
              >
                {cookie.name}
              </th>
              <td data-label={purpose} className={`${STACKED_TABLE_CLASS.wideLabelCell} align-top`}>
                {text(cookie.purpose)}
              </td>
              <td
                data-label={lasts}
                className={`${STACKED_TABLE_CLASS.wideLabelCell} align-top md:whitespace-nowrap`}
              >
                {cookieDurationLabel(cookie.duration, shop, text)}
              </td>
              <td
                data-label={category}
                className={`${STACKED_TABLE_CLASS.wideLabelCell} align-top`}
              >
                {text(CATEGORY_LABELS[cookie.category])}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/**
 * What the cookie policy page itself says, from the code rather than the operator's text (issue
 * 35 item 21): every cookie the storefront sets, and the outside services a page may open, each
 * with what it stores.
 */
export function CookieFacts() {
  const text = useText()
  return (
    <section aria-labelledby="cookie-facts-title" className="mt-10 flex flex-col gap-4">
      <h2 id="cookie-facts-title" className="text-xl font-bold">
        {text(MESSAGES.pageEveryCookieThisSiteSets)}
      </h2>
      <p>{text(MESSAGES.pageCookiesAllNecessary)}</p>
      <CookieTable />
      <h2 className="text-xl font-bold">{text(MESSAGES.pageServicesFromOthers)}</h2>
      <ul className="flex flex-col gap-3">
        {THIRD_PARTY_SERVICES.map((service) => (
          <li key={service.name}>
            <p className="font-semibold">{text(service.name)}</p>
            <p className="text-sm text-ink/75">{text(service.where)}</p>
            <p>{text(service.note)}</p>
          </li>
        ))}
      </ul>
    </section>
  )
}
