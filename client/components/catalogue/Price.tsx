import { useContext } from 'react'
import { documentNonce } from '../../lib/csp-nonce.ts'
import { RenderContext } from '../render-context.ts'
import { useMoney } from '../../lib/shop-locale.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { useText } from '../../lib/page-text.ts'

const PRICE_SIZES = { base: 'text-lg', card: 'text-xl leading-tight', large: 'text-3xl' } as const

/** A price, with the was-price struck through when the item is on offer (the price in red then). */
export function Price({
  price,
  wasPrice,
  size = 'base',
  estimate = false,
}: {
  price: number
  wasPrice: number | null
  /** A weighed item's price (ADR 039): 'est. £0.54', never read as the price charged. */
  estimate?: boolean
  /** base: a list; card: the largest words on an item card; large: the item page. */
  size?: 'base' | 'card' | 'large'
}) {
  const money = useMoney()
  const text = useText()
  const offer = wasPrice !== null
  return (
    <p className="flex flex-wrap items-baseline gap-x-2">
      <span
        className={`font-extrabold tabular-nums ${PRICE_SIZES[size]} ${offer ? 'text-red-700' : ''}`}
      >
        {wasPrice !== null ? <span className="sr-only">{text(MESSAGES.pageNowPrice)} </span> : null}
        {estimate ? (
          <span className="text-[0.7em] font-bold">{text(MESSAGES.pageEstPrefix)} </span>
        ) : null}
        {money(price)}
      </span>
      {wasPrice !== null ? (
        <s className="text-sm text-ink/70">
          <span className="sr-only">{text(MESSAGES.pageWasPrice)} </span>
          {money(wasPrice)}
        </s>
      ) : null}
    </p>
  )
}

// Badge colours come from the operator's data. Only plain hex colours are used, so nothing from
// the data can reach CSS beyond a colour.
const HEX_COLOUR = /^#[0-9a-f]{3,8}$/i

/** The page's CSP nonce: the render's on the server, the one the document's scripts carry in the browser. */
function useCspNonce(): string | undefined {
  const render = useContext(RenderContext)
  if (render) return render.nonce
  return documentNonce()
}

/**
 * A badge of spec §3 in its own colours ('Offer', 'New'). The CSP forbids style attributes in
 * markup, so each colour pair is a class defined once per page in a nonce'd style element that
 * React hoists into the head and de-duplicates by its href.
 */
export function ItemBadge({
  badge,
}: {
  badge: { text: string; color: string; backgroundColor: string }
}) {
  const nonce = useCspNonce()
  const base = 'inline-block rounded-full px-2.5 py-0.5 text-xs font-bold'
  if (!HEX_COLOUR.test(badge.color) || !HEX_COLOUR.test(badge.backgroundColor)) {
    return <span className={`${base} bg-accent text-ink`}>{badge.text}</span>
  }
  const name = `badge-${badge.color.slice(1)}-${badge.backgroundColor.slice(1)}`.toLowerCase()
  // A style rule, not words: named so the page-text rule reads it as the value it is.
  const rule = `.${name}{color:${badge.color};background-color:${badge.backgroundColor}}`
  return (
    <>
      <style href={name} precedence="badges" nonce={nonce}>
        {rule}
      </style>
      <span className={`${name} ${base}`}>{badge.text}</span>
    </>
  )
}
