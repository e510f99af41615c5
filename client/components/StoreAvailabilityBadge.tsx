import type { StoreAvailability, StoreAvailabilityState } from '../../schemas/stores.ts'
import { availabilityLabel } from '../lib/format.ts'
import { ClockIcon } from './icons.tsx'
import { useRenderNow } from './render-context.ts'
import { useText } from '../lib/page-text.ts'
import { useShopLocale } from '../lib/shop-locale.ts'

const STATE_STYLES: Record<StoreAvailabilityState, string> = {
  open: 'bg-green-100 text-green-900 ring-green-700/20',
  preorder: 'bg-amber-100 text-amber-950 ring-amber-700/25',
  closed: 'bg-gray-100 text-gray-800 ring-gray-700/20',
}

/** Whether a store is open, takes pre-orders or is closed, as of the page's render time. */
export function StoreAvailabilityBadge({
  availability,
  timeZone,
  className = '',
}: {
  availability: StoreAvailability
  timeZone: string
  /** Placement classes from the page (margins, width). */
  className?: string
}) {
  const renderNow = useRenderNow()
  const text = useText()
  const shop = useShopLocale()
  return (
    <p
      className={`${className ? `${className} ` : ''}inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-semibold ring-1 ${STATE_STYLES[availability.state]}`}
    >
      <ClockIcon className="size-4" />
      {availabilityLabel(availability, timeZone, renderNow, shop, text)}
    </p>
  )
}
