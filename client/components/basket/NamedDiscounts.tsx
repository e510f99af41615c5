import type { NamedDiscount } from '../../../schemas/named-discounts.ts'
import { useMoney } from '../../lib/shop-locale.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { useText } from '../../lib/page-text.ts'

/**
 * An order's discounts by name ('Any 3 sharing crisps for £5.00 −£1.00', 'Coupon SAVE10 −£2.00',
 * 'Store credit −£1.50'): the same block on the confirmation, member order, tracking and store
 * console pages. Nothing when the order had none.
 */
export function NamedDiscounts({
  discounts,
  headingLevel = 2,
  className = '',
}: {
  discounts: ReadonlyArray<NamedDiscount>
  headingLevel?: 2 | 3
  className?: string
}) {
  const formatMoney = useMoney()
  const text = useText()
  if (discounts.length === 0) return null
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <section aria-labelledby="named-discounts" className={className}>
      <Heading id="named-discounts" className="font-bold">
        {text(MESSAGES.pageDiscounts)}
      </Heading>
      <dl className="mt-1 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
        {discounts.map((discount, index) => (
          <div key={index} className="contents">
            <dt>{discount.label}</dt>
            <dd className="text-end font-semibold text-green-800 tabular-nums">
              −{formatMoney(discount.amount)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
