import type { FulfilmentMethod } from '../../lib/slots.ts'
import { BagIcon, TruckIcon } from '../icons.tsx'
import { MESSAGES } from '../../../schemas/messages.ts'
import { useText } from '../../lib/page-text.ts'

const LABELS: Record<FulfilmentMethod, string> = { delivery: 'Delivery', collection: 'Collection' }

/**
 * Delivery or collection (spec §4, default delivery): links that reload the slot page for the
 * other method, so the choice works without JavaScript. Only the methods the store offers.
 */
export function MethodSwitch({
  methods,
  current,
  hrefFor,
}: {
  methods: ReadonlyArray<FulfilmentMethod>
  current: FulfilmentMethod
  hrefFor: (method: FulfilmentMethod) => string
}) {
  const text = useText()
  if (methods.length === 0) return null
  return (
    <nav aria-label={text(MESSAGES.pageDeliveryOrCollection)} className="mt-4">
      <ul className="grid grid-cols-2 gap-2 rounded-xl bg-black/5 p-1 sm:inline-grid sm:min-w-80">
        {methods.map((method) => {
          const active = method === current
          const Icon = method === 'delivery' ? TruckIcon : BagIcon
          return (
            <li key={method}>
              <a
                href={hrefFor(method)}
                aria-current={active ? 'page' : undefined}
                className={`flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 font-semibold focus-visible:outline-3 focus-visible:outline-offset-2 ${
                  active
                    ? 'bg-white text-ink shadow-sm ring-1 ring-black/10'
                    : 'text-ink/80 hover:bg-white/60'
                }`}
              >
                <Icon className="size-5" />
                {LABELS[method]}
              </a>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
