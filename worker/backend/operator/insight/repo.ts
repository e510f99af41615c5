import {
  EMPTY_SUMS,
  type InsightScope,
  type InsightStaffRow,
  type InsightSums,
} from '../../../../schemas/operator-insight.ts'
import { localDaySql, type OffsetSpan } from './local-days.ts'

/**
 * The insight's queries (ADR 040): each reads one period of one scope's rows through the indexes
 * of migration 0087 (orders by business, brand or store and placed_at; history, picks, goodwill
 * and marketing events by time) and answers sums per local day, which add up to weeks. What a
 * figure means is in schemas/operator-insight.ts (INSIGHT_FIGURES); these only add up.
 */

export interface InsightWindow {
  businessId: number
  scope: InsightScope
  /** The brand's or store's id; null for the business. */
  scopeId: number | null
  /** UTC instants: [fromIso, toIso). */
  fromIso: string
  toIso: string
  spans: ReadonlyArray<OffsetSpan>
}

// Orders that reached the store; a draft or an unpaid order never did.
const NOT_PLACED = `('draft', 'payment_pending', 'payment_failed', 'declined')`
const TURNED_AWAY = `('store_rejected', 'cancelled')`

/** The WHERE clause of a scope's orders placed in the window (alias o), and its parameters. */
function ordersOf(window: InsightWindow): { sql: string; params: Array<string | number> } {
  // The unary + keeps SQLite off the business index when a brand's or store's one is narrower.
  const scope =
    window.scope === 'business'
      ? 'o.business_id = ?'
      : window.scope === 'brand'
        ? '+o.business_id = ? and o.brand_id = ?'
        : '+o.business_id = ? and o.store_id = ?'
  const params: Array<string | number> = [window.businessId]
  if (window.scope !== 'business') params.push(window.scopeId ?? 0)
  params.push(window.fromIso, window.toIso)
  return {
    sql: `${scope} and o.placed_at >= ? and o.placed_at < ? and o.status not in ${NOT_PLACED}`,
    params,
  }
}

export type DaySums = Map<string, InsightSums>

function into(days: DaySums, day: string, part: Partial<InsightSums>): void {
  days.set(day, { ...(days.get(day) ?? EMPTY_SUMS), ...part })
}

interface OrderDayRow {
  day: string
  orders: number
  sales: number
  basket_orders: number
  basket_pence: number
  new_shoppers: number
  rejected: number
  accepted: number
  accept_minutes: number
  slot_delivered: number
  on_time: number
}

interface LineDayRow {
  day: string
  marked: number
  substituted: number
  ordered_units: number
  supplied_units: number
}

interface FunnelDayRow {
  day: string
  basket_shoppers: number
  checkout_shoppers: number
  purchases: number
}

/** The window's sums per local day (days without orders are absent). */
export async function insightDays(
  db: D1Database,
  window: InsightWindow,
  withFunnel: boolean
): Promise<DaySums> {
  const orders = ordersOf(window)
  const placedDay = localDaySql('o.placed_at', window.spans)
  const orderDays = db
    .prepare(
      `select day, count(*) as orders,
         coalesce(sum(case when status not in ${TURNED_AWAY} then total end), 0) as sales,
         coalesce(sum(status not in ${TURNED_AWAY}), 0) as basket_orders,
         coalesce(sum(case when status not in ${TURNED_AWAY}
           then subtotal - discount_total end), 0) as basket_pence,
         coalesce(sum(first_order), 0) as new_shoppers,
         coalesce(sum(status = 'store_rejected'), 0) as rejected,
         coalesce(sum(accepted_at is not null), 0) as accepted,
         coalesce(sum((julianday(accepted_at) - julianday(placed_at)) * 1440), 0)
           as accept_minutes,
         coalesce(sum(delivered_at is not null and slot_start_utc is not null), 0)
           as slot_delivered,
         coalesce(sum(delivered_at is not null and slot_start_utc is not null
           and julianday(delivered_at) >= julianday(slot_start_utc)
           and julianday(delivered_at) <= julianday(slot_start_utc)
             + julianday(slot_date || ' ' || slot_ends_at)
             - julianday(slot_date || ' ' || slot_starts_at)), 0) as on_time
       from (
         select ${placedDay.sql} as day, o.status, o.total, o.subtotal, o.discount_total,
           o.placed_at, o.accepted_at, o.slot_date, o.slot_starts_at, o.slot_ends_at,
           o.slot_start_utc,
           not exists (select 1 from orders p where p.business_id = o.business_id
             and p.email = o.email and p.placed_at < o.placed_at
             and p.status not in ${NOT_PLACED}) as first_order,
           (select min(h.at) from order_history h
             where h.order_id = o.id and h.to_status = 'delivered') as delivered_at
         from orders o where ${orders.sql}
       ) group by day`
    )
    .bind(...placedDay.params, ...orders.params)
    .all<OrderDayRow>()
  const lineDays = db
    .prepare(
      `select ${placedDay.sql} as day, count(*) as marked,
         coalesce(sum(p.mark = 'substituted'), 0) as substituted,
         coalesce(sum(l.quantity), 0) as ordered_units,
         coalesce(sum(case when p.mark in ('picked', 'short')
           then min(p.picked_quantity, l.quantity) else 0 end), 0) as supplied_units
       from orders o
       join order_line_picks p on p.order_id = o.id
       join order_lines l on l.id = p.order_line_id
       where ${orders.sql}
       group by day`
    )
    .bind(...placedDay.params, ...orders.params)
    .all<LineDayRow>()
  const [orderRows, lineRows, funnelRows] = await Promise.all([
    orderDays,
    lineDays,
    withFunnel ? funnelDays(db, window) : Promise.resolve([]),
  ])
  const days: DaySums = new Map()
  for (const row of orderRows.results) {
    into(days, row.day, {
      orders: row.orders,
      salesPence: row.sales,
      basketOrders: row.basket_orders,
      basketPence: row.basket_pence,
      newShoppers: row.new_shoppers,
      returningShoppers: row.orders - row.new_shoppers,
      rejected: row.rejected,
      accepted: row.accepted,
      acceptMinutes: row.accept_minutes,
      slotDelivered: row.slot_delivered,
      onTime: row.on_time,
    })
  }
  for (const row of lineRows.results) {
    into(days, row.day, {
      markedLines: row.marked,
      substitutedLines: row.substituted,
      orderedUnits: row.ordered_units,
      suppliedUnits: row.supplied_units,
    })
  }
  for (const row of funnelRows) {
    into(days, row.day, {
      basketShoppers: row.basket_shoppers,
      checkoutShoppers: row.checkout_shoppers,
      purchases: row.purchases,
    })
  }
  return days
}

/** The recorded marketing events (ADR 025) of the business or brand, per local day. */
async function funnelDays(db: D1Database, window: InsightWindow): Promise<Array<FunnelDayRow>> {
  const day = localDaySql('e.created_at', window.spans)
  const brand = window.scope === 'brand' ? 'and e.brand_id = ?' : ''
  const params: Array<string | number> = [window.businessId]
  if (window.scope === 'brand') params.push(window.scopeId ?? 0)
  const { results } = await db
    .prepare(
      `select ${day.sql} as day,
         count(distinct case when e.kind = 'cart_update' then e.user_key end) as basket_shoppers,
         count(distinct case when e.event_name = 'checkoutStarted' then e.user_key end)
           as checkout_shoppers,
         coalesce(sum(e.kind = 'purchase'), 0) as purchases
       from marketing_events e
       where ${window.scope === 'brand' ? '+' : ''}e.business_id = ? ${brand}
         and e.created_at >= ? and e.created_at < ?
       group by day`
    )
    .bind(...day.params, ...params, window.fromIso, window.toIso)
    .all<FunnelDayRow>()
  return results
}

interface StaffAmountRow {
  day: string
  staff_id: number | null
  count: number
  amount: number
}

interface PickerRow {
  day: string
  staff_id: number | null
  lines: number
  hours: number
}

/** A member of staff's refunds, goodwill and picking of one day, before their name is read. */
export type StaffDay = Omit<InsightStaffRow, 'name'>

export function emptyStaffDay(staffId: number | null): StaffDay {
  return { staffId, refunds: 0, refundPence: 0, goodwillPence: 0, linesPicked: 0, pickingHours: 0 }
}

/**
 * Refunds and goodwill each member of staff gave (on the local day they gave it), and the lines
 * each marked (on the day they marked them), for the scope's orders, per local day. Picking hours
 * are UTC clock hours with a mark counted per day, so days add up (ADR 040).
 */
export async function insightStaffDays(
  db: D1Database,
  window: InsightWindow
): Promise<Map<string, Array<StaffDay>>> {
  const scopeOf = (alias: string) =>
    window.scope === 'business'
      ? { sql: `${alias}.business_id = ?`, params: [window.businessId] }
      : {
          sql: `${alias}.business_id = ? and ${alias}.${window.scope}_id = ?`,
          params: [window.businessId, window.scopeId ?? 0],
        }
  const orders = scopeOf('o')
  const range = [window.fromIso, window.toIso]
  const refundDay = localDaySql('h.at', window.spans)
  const goodwillDay = localDaySql('c.created_at', window.spans)
  const markDay = localDaySql('p.marked_at', window.spans)
  const [refunds, goodwill, picking] = await Promise.all([
    db
      .prepare(
        `select ${refundDay.sql} as day, h.actor_staff_id as staff_id, count(*) as count,
           coalesce(sum(json_extract(h.detail_json, '$.amount')), 0) as amount
         from order_history h
         join orders o on o.id = h.order_id
         where h.action in ('refund_order', 'refund_lines') and h.at >= ? and h.at < ?
           and ${orders.sql}
         group by day, h.actor_staff_id`
      )
      .bind(...refundDay.params, ...range, ...orders.params)
      .all<StaffAmountRow>(),
    db
      .prepare(
        `select ${goodwillDay.sql} as day, c.staff_id, count(*) as count,
           coalesce(sum(c.amount), 0) as amount
         from customer_credit_ledger c
         left join orders o on o.id = c.order_id
         where c.business_id = ? and c.kind = 'goodwill' and c.created_at >= ?
           and c.created_at < ?
           ${window.scope === 'business' ? '' : `and o.${window.scope}_id = ?`}
         group by day, c.staff_id`
      )
      .bind(
        ...goodwillDay.params,
        window.businessId,
        ...range,
        ...(window.scope === 'business' ? [] : [window.scopeId ?? 0])
      )
      .all<StaffAmountRow>(),
    db
      .prepare(
        `select ${markDay.sql} as day, p.marked_by as staff_id, count(*) as lines,
           count(distinct substr(p.marked_at, 1, 13)) as hours
         from order_line_picks p
         join orders o on o.id = p.order_id
         where p.marked_at >= ? and p.marked_at < ? and ${orders.sql}
         group by day, p.marked_by`
      )
      .bind(...markDay.params, ...range, ...orders.params)
      .all<PickerRow>(),
  ])
  const days = new Map<string, Map<string, StaffDay>>()
  const rowOf = (day: string, staffId: number | null): StaffDay => {
    const rows = days.get(day) ?? new Map<string, StaffDay>()
    days.set(day, rows)
    const known = rows.get(String(staffId))
    if (known) return known
    const row = emptyStaffDay(staffId)
    rows.set(String(staffId), row)
    return row
  }
  for (const refund of refunds.results) {
    const row = rowOf(refund.day, refund.staff_id)
    row.refunds = refund.count
    row.refundPence = refund.amount
  }
  for (const grant of goodwill.results)
    rowOf(grant.day, grant.staff_id).goodwillPence = grant.amount
  for (const picker of picking.results) {
    const row = rowOf(picker.day, picker.staff_id)
    row.linesPicked = picker.lines
    row.pickingHours = picker.hours
  }
  return new Map([...days].map(([day, rows]) => [day, [...rows.values()]]))
}

/** The names of members of staff (a deleted member has none). */
export async function staffNames(
  db: D1Database,
  staffIds: ReadonlyArray<number>
): Promise<Map<number, string>> {
  if (staffIds.length === 0) return new Map()
  const { results } = await db
    .prepare('select id, name from staff_accounts where id in (select value from json_each(?1))')
    .bind(JSON.stringify(staffIds))
    .all<{ id: number; name: string }>()
  return new Map(results.map((row) => [row.id, row.name]))
}

/** The scope's name and time zone, or null when it is not the business's. */
export async function insightScope(
  db: D1Database,
  businessId: number,
  scope: InsightScope,
  scopeId: number | null
): Promise<{ name: string; timeZone: string } | null> {
  const sql =
    scope === 'business'
      ? 'select name, time_zone from businesses where id = ?1'
      : scope === 'brand'
        ? `select r.name, b.time_zone from brands r join businesses b on b.id = r.business_id
           where r.business_id = ?1 and r.id = ?2`
        : 'select name, time_zone from stores where business_id = ?1 and id = ?2'
  const row = await db
    .prepare(sql)
    .bind(...(scope === 'business' ? [businessId] : [businessId, scopeId ?? 0]))
    .first<{ name: string; time_zone: string }>()
  return row ? { name: row.name, timeZone: row.time_zone } : null
}

/** The business's brands and stores, to narrow the insight to. */
export async function insightChoices(db: D1Database, businessId: number) {
  const [brands, stores] = await db.batch<{ id: number; name: string }>([
    db.prepare('select id, name from brands where business_id = ?1 order by name').bind(businessId),
    db.prepare('select id, name from stores where business_id = ?1 order by name').bind(businessId),
  ])
  return { brands: brands?.results ?? [], stores: stores?.results ?? [] }
}
