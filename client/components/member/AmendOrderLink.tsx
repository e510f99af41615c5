import type { AmendWindow } from '../../../schemas/order-amend.ts'
import { orderTimeLabel } from '../../lib/order-time.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { useText } from '../../lib/page-text.ts'
import { useShopLocale } from '../../lib/shop-locale.ts'

/**
 * The way into amend mode from the member's order or the tracking page (issue 42, ADR 048),
 * shown only while the order can still be changed, with until when.
 */
export function AmendOrderLink({ href, window }: { href: string; window: AmendWindow | null }) {
  const text = useText()
  const shop = useShopLocale()
  if (!window?.open) return null
  return (
    <div className="flex flex-col items-start gap-1">
      <a
        href={href}
        className="inline-flex min-h-11 items-center rounded-full border-2 border-primary bg-white px-5 font-semibold text-primary hover:bg-tint"
      >
        {text(MESSAGES.pageChangeThisOrder)}
      </a>
      <p className="text-sm text-ink/80">
        {window.until
          ? text(MESSAGES.pageCanChangeUntil, orderTimeLabel(window.until, shop.timeZone, shop))
          : text(MESSAGES.pageCanChangeUntilPicking)}
      </p>
    </div>
  )
}
