import type { VatBreakdown } from '../../../schemas/vat-breakdown.ts'
import { vatBreakdown } from '../../../schemas/vat.ts'

/*
 * An order's VAT breakdown (ADR 051) from what it keeps: each top-level line's charged amount
 * (after picking: short, out of stock, a substitute) at the rate it was sold at, a substitute at
 * the order's rate for the substitute's own class, and the order's charge before refunds.
 */

interface VatOrderRow {
  vat_rates: string | null
  original_total: number
  total_adjustment: number
  credit_applied: number
  delivery_tip: number
}

interface VatLineRow {
  amount: number
  rate: number | null
}

export async function orderVat(db: D1Database, orderId: number): Promise<VatBreakdown | null> {
  const [orders, lines] = await db.batch<VatOrderRow | VatLineRow>([
    db
      .prepare(
        `select vat_rates, original_total, total_adjustment, credit_applied, delivery_tip
           from orders where id = ?1`
      )
      .bind(orderId),
    db
      .prepare(
        `select coalesce(k.charged_price, l.total_price) as amount,
                case when k.mark = 'substituted'
                  then json_extract(o.vat_rates, '$.' || k.substitute_vat_class)
                  else l.vat_rate end as rate
           from order_lines l
           join orders o on o.id = l.order_id
           left join order_line_picks k on k.order_line_id = l.id
          where l.order_id = ?1 and l.parent_line_id is null`
      )
      .bind(orderId),
  ])
  const order = orders?.results[0] as VatOrderRow | undefined
  if (!order || order.vat_rates === null) return null
  const rated = (lines?.results ?? []) as Array<VatLineRow>
  // A line without a rate (placed before 0104, or a substitute nobody classed) leaves the order
  // without a breakdown rather than with a guessed one.
  if (rated.some((line) => line.rate === null)) return null
  const rates = JSON.parse(order.vat_rates) as { standard?: number }
  const charged =
    order.original_total + order.total_adjustment + order.credit_applied - order.delivery_tip
  if (charged < 0) return null
  return {
    rows: vatBreakdown({
      lines: rated.map((line) => ({ amount: line.amount, rate: line.rate ?? 0 })),
      charged,
      fallbackRate: rates.standard ?? 0,
    }),
    noVat: order.delivery_tip,
  }
}
