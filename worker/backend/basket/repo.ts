import type { FulfilmentMethod } from '../../../schemas/constants.ts'
import {
  ITEM_COLUMNS,
  ITEM_FROM,
  ITEM_SOLD,
  ITEM_TOBACCO,
  type ItemRow,
} from '../catalogue/items.ts'
import { dealAllowedAtStore } from '../catalogue/alcohol.ts'
import { dealWithoutTobacco } from '../catalogue/tobacco.ts'

// --- The basket as stored ---------------------------------------------------------------------

/** A basket row with the store terms the totals need (store columns null without a store). */
export interface BasketRow {
  id: number
  business_id: number
  store_id: number | null
  customer_id: number | null
  status: string
  fulfilment_method: FulfilmentMethod
  fulfilment_timing: 'asap' | 'future'
  coupon_id: number | null
  coupon_code: string | null
  coupon_needs_reapply: number
  tip: number
  /** Pay with the member's store credit (migration 0033), 1 by default. */
  use_credit: number
  location_postcode: string | null
  location_latitude: number | null
  location_longitude: number | null
  /** The checkout's delivery address: its postcode and where it is (once set). */
  delivery_postcode: string | null
  delivery_latitude: number | null
  delivery_longitude: number | null
  version: number
  asap_enabled: number | null
  max_basket_items: number | null
  /** The business's locale and currency: the answer's messages are said in them (issue 43). */
  shop_locale: string | null
  shop_currency: string | null
}

/** A line with its item priced for the basket's store; `sold` 0 when the store no longer sells it. */
export interface LineRow extends ItemRow {
  line_id: number
  line_quantity: number
  stored_price: number
  sold: number
  /** 1 unless the shopper said no substitutes for this line. */
  allow_substitutes: number
  /** The replacement the shopper chose (migration 0089), with its name and size; else null. */
  substitute_item_id: number | null
  substitute_name: string | null
  substitute_size: string | null
}

export interface SelectionRow {
  basket_line_id: number
  option_id: number
  option_value_id: number
  quantity: number
}

export interface MealDealRow {
  id: number
  deal_id: number
  quantity: number
  stored_price: number
  slug: string
  name: string
  price: number | null
  kind: string
  live: number
  /** 1 unless the shopper said no substitutes for this meal deal. */
  allow_substitutes: number
}

export interface MealDealChoiceRow {
  basket_meal_deal_id: number
  deal_section_id: number
  section_name: string
  menu_item_id: number
  name: string
  /** Null when the item is no longer a choice of the section. */
  extra_cost: number | null
  sold: number
  out_of_stock: number
}

export interface AutoDealRow {
  id: number
  slug: string
  name: string
  kind: 'multibuy' | 'percent_off' | 'amount_off'
  quantity_required: number | null
  price: number | null
  discount_percent: number | null
  discount_amount: number | null
  item_ids: string
}

export interface CouponRow {
  id: number
  code: string
  description: string | null
  kind: 'percent' | 'amount' | 'free_delivery'
  value: number
  minimum_spend: number
  maximum_discount: number | null
  fulfilment_method: FulfilmentMethod | null
  members_only: number
  first_order_only: number
  starts_at: string | null
  ends_at: string | null
  max_redemptions: number | null
  max_redemptions_per_customer: number | null
  redemption_count: number
  is_active: number
}

export interface BasketRows {
  basket: BasketRow
  lines: Array<LineRow>
  selections: Array<SelectionRow>
  mealDeals: Array<MealDealRow>
  mealDealChoices: Array<MealDealChoiceRow>
  deals: Array<AutoDealRow>
  coupon: CouponRow | null
}

const LIVE_DEAL = `d.is_active = 1 and (d.starts_at is null or d.starts_at <= ?4)
  and (d.ends_at is null or d.ends_at > ?4) and ${dealWithoutTobacco('d.id')}
  and ${dealAllowedAtStore('?1')}`

/** The number of statements basketRowsStatements prepares. */
export const BASKET_ROWS_STATEMENTS = 7

/**
 * The statements of findBasketRows (BASKET_ROWS_STATEMENTS of them), priced at `storeId`, for a
 * caller that runs them in a batch beside other reads or after a change (ADR 065);
 * basketRowsFrom reads their results.
 */
export function basketRowsStatements(
  db: D1Database,
  businessId: number,
  basketId: number,
  storeId: number | null,
  now: Date
): Array<D1PreparedStatement> {
  // ?1 store, ?2 business (the order the item fragments bind), ?3 basket, ?4 now. Every statement
  // binds all four, so the ones that do not need now still name ?4 (D1 refuses unused bindings).
  const q = (sql: string) =>
    db.prepare(sql).bind(storeId ?? 0, businessId, basketId, now.toISOString())
  return [
    q(
      `select b.id, b.business_id, b.store_id, b.customer_id, b.status, b.fulfilment_method,
         b.fulfilment_timing, b.coupon_id, b.coupon_code, b.coupon_needs_reapply, b.tip,
         b.use_credit,
         b.location_postcode, b.location_latitude, b.location_longitude, b.version,
         json_extract(b.delivery_address_json, '$.postcode') as delivery_postcode,
         b.delivery_latitude, b.delivery_longitude,
         st.asap_enabled, st.max_basket_items,
         bz.locale as shop_locale, bz.currency as shop_currency
       from baskets b left join stores st on st.id = b.store_id
         left join businesses bz on bz.id = b.business_id
       where b.id = ?3 and b.business_id = ?2 and b.status = 'active' and ?4 is not null`
    ),
    q(
      `select bl.id as line_id, bl.quantity as line_quantity, bl.unit_price as stored_price,
         bl.allow_substitutes, bl.substitute_item_id, r.name as substitute_name,
         r.size as substitute_size, ${ITEM_COLUMNS}, (${ITEM_SOLD}) as sold
       from ${ITEM_FROM} join basket_lines bl on bl.menu_item_id = m.id
         left join menu_items r on r.id = bl.substitute_item_id
       where bl.basket_id = ?3 and ?4 is not null order by bl.id`
    ),
    q(
      `select x.basket_line_id, x.option_id, x.option_value_id, x.quantity
       from basket_line_selections x join basket_lines bl on bl.id = x.basket_line_id
       where bl.basket_id = ?3 and ?4 is not null order by x.id`
    ),
    q(
      `select bmd.id, bmd.deal_id, bmd.quantity, bmd.unit_price as stored_price, d.slug, d.name,
         d.price, d.kind, (${LIVE_DEAL} and d.business_id = ?2) as live, bmd.allow_substitutes
       from basket_meal_deals bmd join deals d on d.id = bmd.deal_id
       where bmd.basket_id = ?3 order by bmd.id`
    ),
    q(
      `select ch.basket_meal_deal_id, ch.deal_section_id, ds.name as section_name,
         ch.menu_item_id, m.name, dsi.extra_cost, (${ITEM_SOLD}) as sold,
         coalesce(s.out_of_stock, m.out_of_stock) as out_of_stock
       from ${ITEM_FROM}
         join basket_meal_deal_choices ch on ch.menu_item_id = m.id
         join basket_meal_deals bmd on bmd.id = ch.basket_meal_deal_id
         join deal_sections ds on ds.id = ch.deal_section_id
         left join deal_section_items dsi
           on dsi.deal_section_id = ch.deal_section_id and dsi.menu_item_id = ch.menu_item_id
       where bmd.basket_id = ?3 and ?4 is not null order by ch.id`
    ),
    q(
      `select d.id, d.slug, d.name, d.kind, d.quantity_required, d.price, d.discount_percent,
         d.discount_amount, group_concat(distinct dsi.menu_item_id) as item_ids
       from deals d
         join deal_sections ds on ds.deal_id = d.id
         join deal_section_items dsi on dsi.deal_section_id = ds.id
       where d.business_id = ?2 and d.kind in ('multibuy', 'percent_off', 'amount_off')
         and ${LIVE_DEAL}
         and dsi.menu_item_id in (select menu_item_id from basket_lines where basket_id = ?3)
       group by d.id order by d.position, d.id`
    ),
    q(
      `select c.id, c.code, c.description, c.kind, c.value, c.minimum_spend, c.maximum_discount,
         c.fulfilment_method, c.members_only, c.first_order_only, c.starts_at, c.ends_at,
         c.max_redemptions, c.max_redemptions_per_customer, c.redemption_count, c.is_active
       from coupons c where c.id = (select coupon_id from baskets where id = ?3)
         and c.business_id = ?2 and ?4 is not null`
    ),
  ]
}

/**
 * The basket basketRowsStatements' results describe, null when there is no such active basket.
 * Priced at the store the statements named: a caller compares basket.store_id with it.
 */
export function basketRowsFrom(results: ReadonlyArray<D1Result<unknown>>): BasketRows | null {
  const [baskets, lines, selections, mealDeals, choices, deals, coupons] = results
  const basket = (baskets?.results as Array<BasketRow> | undefined)?.[0]
  if (!basket) return null
  return {
    basket,
    lines: (lines?.results ?? []) as Array<LineRow>,
    selections: (selections?.results ?? []) as Array<SelectionRow>,
    mealDeals: (mealDeals?.results ?? []) as Array<MealDealRow>,
    mealDealChoices: (choices?.results ?? []) as Array<MealDealChoiceRow>,
    deals: (deals?.results ?? []) as Array<AutoDealRow>,
    coupon: ((coupons?.results ?? []) as Array<CouponRow>)[0] ?? null,
  }
}

/**
 * Everything stored of an active basket of the business, priced for its store, in one round trip.
 * Null when the basket is not an active basket of the business.
 */
export async function findBasketRows(
  db: D1Database,
  businessId: number,
  basketId: number,
  storeId: number | null,
  now: Date,
  attempt = 0
): Promise<BasketRows | null> {
  const rows = basketRowsFrom(
    await db.batch(basketRowsStatements(db, businessId, basketId, storeId, now))
  )
  // The basket moved to another store since the caller looked: price it at its own store.
  if (rows && rows.basket.store_id !== storeId && attempt < 3) {
    return findBasketRows(db, businessId, basketId, rows.basket.store_id, now, attempt + 1)
  }
  return rows
}

/** A coupon of the business by its (upper-case) code. */
export async function findCouponByCode(
  db: D1Database,
  businessId: number,
  code: string
): Promise<CouponRow | null> {
  return db
    .prepare(
      `select id, code, description, kind, value, minimum_spend, maximum_discount,
         fulfilment_method, members_only, first_order_only, starts_at, ends_at, max_redemptions,
         max_redemptions_per_customer, redemption_count, is_active
       from coupons where business_id = ?1 and code = ?2`
    )
    .bind(businessId, code)
    .first<CouponRow>()
}

/** How often the customer used the coupon (reserved or redeemed), and how many orders they placed. */
export async function findCustomerCouponUse(
  db: D1Database,
  couponId: number,
  customerId: number
): Promise<{ redemptions: number; orders: number }> {
  const row = await db
    .prepare(
      `select
         (select count(*) from coupon_redemptions
          where coupon_id = ?1 and customer_id = ?2 and status != 'released') as redemptions,
         (select count(*) from orders where customer_id = ?2 and status != 'draft') as orders`
    )
    .bind(couponId, customerId)
    .first<{ redemptions: number; orders: number }>()
  return row ?? { redemptions: 0, orders: 0 }
}

/** Creates an active basket and answers its id. */
export async function insertBasket(
  db: D1Database,
  input: {
    businessId: number
    storeId: number | null
    fulfilmentMethod: FulfilmentMethod
    tokenHash: string
    /** The brand whose host creates it; a brand of another business is not recorded. */
    brandId: number | null
    /** The signed-in member creating it: a member's basket is theirs from the start. */
    customerId: number | null
  }
): Promise<number> {
  const row = await db
    .prepare(
      `insert into baskets (business_id, store_id, fulfilment_method, token_hash, brand_id,
         customer_id)
       values (?1, ?2, ?3, ?4,
         (select id from brands where id = ?5 and business_id = ?1),
         (select id from customers where id = ?6 and business_id = ?1))
       returning id`
    )
    .bind(
      input.businessId,
      input.storeId,
      input.fulfilmentMethod,
      input.tokenHash,
      input.brandId,
      input.customerId
    )
    .first<{ id: number }>()
  if (!row) throw new Error('basket insert returned no row')
  return row.id
}

/** Thrown when a basket changed between its read and a write planned on that read. */
export class BasketVersionConflict extends Error {
  constructor() {
    super('basket version moved')
    this.name = 'BasketVersionConflict'
  }
}

/**
 * Runs the statements as one transaction after a guard that bumps the basket's version only if it
 * is still `version`; otherwise the guard breaks the version check constraint, the whole batch
 * rolls back and BasketVersionConflict is thrown (the caller re-reads and plans again).
 */
export async function commitBasket(
  db: D1Database,
  basketId: number,
  version: number,
  now: Date,
  statements: ReadonlyArray<D1PreparedStatement>,
  /**
   * Reads run in the same batch after the change (the basket's answer, ADR 065): one round trip
   * for the write and what it answers. Their results are returned, in order.
   */
  reads: ReadonlyArray<D1PreparedStatement> = []
): Promise<Array<D1Result<unknown>>> {
  const guard = db
    .prepare(
      `update baskets set version = case when version = ?2 then version + 1 else 0 end,
         updated_at = ?3 where id = ?1`
    )
    .bind(basketId, version, now.toISOString())
  try {
    const results = await db.batch([guard, ...statements, ...reads])
    return results.slice(1 + statements.length)
  } catch (error) {
    if (error instanceof Error && /CHECK constraint failed/i.test(error.message)) {
      const current = await db
        .prepare('select version from baskets where id = ?1')
        .bind(basketId)
        .first<{ version: number }>()
      if (current && current.version !== version) throw new BasketVersionConflict()
    }
    throw error
  }
}

/** Statements that empty a basket: lines, meal deals, coupon and tip. */
export function emptyBasketStatements(
  db: D1Database,
  basketId: number
): Array<D1PreparedStatement> {
  return [
    db.prepare('delete from basket_lines where basket_id = ?1').bind(basketId),
    db.prepare('delete from basket_meal_deals where basket_id = ?1').bind(basketId),
    db
      .prepare(
        `update baskets set coupon_id = null, coupon_code = null, coupon_needs_reapply = 0,
           tip = 0 where id = ?1`
      )
      .bind(basketId),
  ]
}

/** Statements that add a line with its selections (the line id is the basket's newest line). */
export function insertLineStatements(
  db: D1Database,
  input: {
    basketId: number
    itemId: number
    quantity: number
    unitPrice: number
    selections: ReadonlyArray<{ optionId: number; valueId: number; quantity: number }>
  }
): Array<D1PreparedStatement> {
  return [
    db
      .prepare(
        // The member's remembered choice for the item, else their default (migration 0089).
        `insert into basket_lines
           (basket_id, menu_item_id, quantity, unit_price, allow_substitutes, substitute_item_id)
         select ?1, ?2, ?3, ?4,
           coalesce(mc.allow_substitutes, c.default_allow_substitutes, 1), mc.substitute_item_id
         from (select 1) left join baskets b on b.id = ?1
           left join customers c on c.id = b.customer_id
           left join member_substitution_choices mc
             on mc.customer_id = b.customer_id and mc.menu_item_id = ?2`
      )
      .bind(input.basketId, input.itemId, input.quantity, input.unitPrice),
    ...input.selections.map((selection) =>
      db
        .prepare(
          `insert into basket_line_selections
             (basket_line_id, option_id, option_value_id, quantity)
           values ((select max(id) from basket_lines where basket_id = ?1), ?2, ?3, ?4)`
        )
        .bind(input.basketId, selection.optionId, selection.valueId, selection.quantity)
    ),
  ]
}

// --- One basket change's statements (committed behind the version guard by commitBasket) --------

/** The basket's store, for an answer read after a change. */
export async function findBasketStoreId(db: D1Database, basketId: number): Promise<number | null> {
  const row = await db
    .prepare('select store_id from baskets where id = ?1')
    .bind(basketId)
    .first<{ store_id: number | null }>()
  return row?.store_id ?? null
}

/** The member a basket belongs to (null for a guest's), or undefined when there is no such basket. */
export async function findBasketCustomerId(
  db: D1Database,
  basketId: number
): Promise<number | null | undefined> {
  const row = await db
    .prepare('select customer_id from baskets where id = ?1')
    .bind(basketId)
    .first<{ customer_id: number | null }>()
  return row ? row.customer_id : undefined
}

/** Moves the basket to another store (its timing back to asap: a booked time was the old store's). */
export function moveBasketStatement(
  db: D1Database,
  basketId: number,
  storeId: number
): D1PreparedStatement {
  return db
    .prepare(`update baskets set store_id = ?2, fulfilment_timing = 'asap' where id = ?1`)
    .bind(basketId, storeId)
}

export function basketLocationStatement(
  db: D1Database,
  basketId: number,
  location: { postcode: string | null; latitude: number; longitude: number }
): D1PreparedStatement {
  return db
    .prepare(
      `update baskets set location_postcode = ?2, location_latitude = ?3, location_longitude = ?4
       where id = ?1`
    )
    .bind(basketId, location.postcode, location.latitude, location.longitude)
}

export function basketMethodStatement(
  db: D1Database,
  basketId: number,
  method: FulfilmentMethod
): D1PreparedStatement {
  return db
    .prepare('update baskets set fulfilment_method = ?2 where id = ?1')
    .bind(basketId, method)
}

export function ageConfirmedStatement(
  db: D1Database,
  basketId: number,
  now: Date
): D1PreparedStatement {
  return db
    .prepare('update baskets set age_confirmed_at = ?2 where id = ?1')
    .bind(basketId, now.toISOString())
}

/** The shopper's choice to pay with their store credit (ADR 020). */
export function useCreditStatement(
  db: D1Database,
  basketId: number,
  useCredit: boolean
): D1PreparedStatement {
  return db
    .prepare('update baskets set use_credit = ?2 where id = ?1')
    .bind(basketId, useCredit ? 1 : 0)
}

export function tipStatement(db: D1Database, basketId: number, tip: number): D1PreparedStatement {
  return db.prepare('update baskets set tip = ?2 where id = ?1').bind(basketId, tip)
}

export function couponStatement(
  db: D1Database,
  basketId: number,
  coupon: { id: number; code: string; needsReapply: boolean } | null
): D1PreparedStatement {
  if (!coupon) {
    return db
      .prepare(
        `update baskets set coupon_id = null, coupon_code = null, coupon_needs_reapply = 0
         where id = ?1`
      )
      .bind(basketId)
  }
  return db
    .prepare(
      `update baskets set coupon_id = ?2, coupon_code = ?3, coupon_needs_reapply = ?4
       where id = ?1`
    )
    .bind(basketId, coupon.id, coupon.code, coupon.needsReapply ? 1 : 0)
}

/** Sets the member of a guest basket (never replaces another member). */
export function claimBasketStatement(
  db: D1Database,
  basketId: number,
  customerId: number
): D1PreparedStatement {
  return db
    .prepare('update baskets set customer_id = ?2 where id = ?1 and customer_id is null')
    .bind(basketId, customerId)
}

/** Adds to a line's quantity at the item's current price. */
export function addToLineStatement(
  db: D1Database,
  lineId: number,
  input: { quantity: number; unitPrice: number; now: Date }
): D1PreparedStatement {
  return db
    .prepare(
      `update basket_lines set quantity = quantity + ?2, unit_price = ?3,
         updated_at = ?4 where id = ?1`
    )
    .bind(lineId, input.quantity, input.unitPrice, input.now.toISOString())
}

/** Sets a line's quantity and price and, when choices are given, replaces its selections. */
export function updateLineStatements(
  db: D1Database,
  lineId: number,
  input: {
    quantity: number
    unitPrice: number
    now: Date
    choices: ReadonlyArray<{ optionId: number; valueId: number; quantity: number }> | null
  }
): Array<D1PreparedStatement> {
  return [
    db
      .prepare(
        'update basket_lines set quantity = ?2, unit_price = ?3, updated_at = ?4 where id = ?1'
      )
      .bind(lineId, input.quantity, input.unitPrice, input.now.toISOString()),
    ...(input.choices
      ? [
          db.prepare('delete from basket_line_selections where basket_line_id = ?1').bind(lineId),
          ...input.choices.map((choice) =>
            db
              .prepare(
                `insert into basket_line_selections
                   (basket_line_id, option_id, option_value_id, quantity)
                 values (?1, ?2, ?3, ?4)`
              )
              .bind(lineId, choice.optionId, choice.valueId, choice.quantity)
          ),
        ]
      : []),
  ]
}

/** Sets a line's quantity; 0 deletes the line. */
export function lineQuantityStatement(
  db: D1Database,
  lineId: number,
  quantity: number,
  now: Date
): D1PreparedStatement {
  return quantity === 0
    ? db.prepare('delete from basket_lines where id = ?1').bind(lineId)
    : db
        .prepare('update basket_lines set quantity = ?2, updated_at = ?3 where id = ?1')
        .bind(lineId, quantity, now.toISOString())
}

/**
 * Sets the shopper's substitution choice of one line, one meal deal, or (naming neither) every
 * line and meal deal of the basket: allow 0 for none, else 1 with the replacement's id (null: best
 * match). Each statement is scoped by the basket, so an id of another basket changes nothing. A
 * member's choice for a line's item is remembered for the next time they add it.
 */
export function substitutesStatements(
  db: D1Database,
  basketId: number,
  target: { lineId?: number | undefined; mealDealId?: number | undefined },
  choice: { allow: boolean; replacementItemId: number | null },
  now: Date
): Array<D1PreparedStatement> {
  const flag = choice.allow ? 1 : 0
  const replacement = choice.allow ? choice.replacementItemId : null
  const lines = db.prepare(
    `update basket_lines set allow_substitutes = ?2, substitute_item_id = ?4
     where basket_id = ?1 and (?3 is null or id = ?3)`
  )
  const meals = db.prepare(
    `update basket_meal_deals set allow_substitutes = ?2
     where basket_id = ?1 and (?3 is null or id = ?3)`
  )
  // A replacement applies to the one line it was chosen for; "all items" clears them.
  const remember = db
    .prepare(
      `insert into member_substitution_choices
         (customer_id, menu_item_id, allow_substitutes, substitute_item_id, updated_at)
       select b.customer_id, bl.menu_item_id, ?2, ?4, ?5
       from basket_lines bl join baskets b on b.id = bl.basket_id
       where bl.basket_id = ?1 and (?3 is null or bl.id = ?3) and b.customer_id is not null
       on conflict (customer_id, menu_item_id) do update set
         allow_substitutes = excluded.allow_substitutes,
         substitute_item_id = excluded.substitute_item_id, updated_at = excluded.updated_at`
    )
    .bind(basketId, flag, target.lineId ?? null, replacement, now.toISOString())
  if (target.lineId !== undefined) {
    return [lines.bind(basketId, flag, target.lineId, replacement), remember]
  }
  if (target.mealDealId !== undefined) return [meals.bind(basketId, flag, target.mealDealId)]
  return [lines.bind(basketId, flag, null, null), meals.bind(basketId, flag, null), remember]
}

/**
 * Items like a line's (the same subcategory), sold and in stock at the basket's store, nearest
 * price first: what the shopper may choose as the line's replacement.
 */
export async function findSimilarItems(
  db: D1Database,
  input: { businessId: number; storeId: number; menuItemId: number; limit: number }
): Promise<Array<{ id: number; name: string; size: string | null; price: number }>> {
  const { results } = await db
    .prepare(
      `with line as (
         select m.category_id, coalesce(s.price, m.price) as price from ${ITEM_FROM}
         where m.id = ?3 and m.business_id = ?2
       )
       select m.id, m.name, m.size, coalesce(s.price, m.price) as price
       from ${ITEM_FROM}, line
       where m.category_id = line.category_id and m.id != ?3 and ${ITEM_SOLD}
         and coalesce(s.out_of_stock, m.out_of_stock) = 0 and ${ITEM_TOBACCO} = 0
         and m.add_to_basket_type = 'simple'
       order by abs(coalesce(s.price, m.price) - line.price), m.name, m.id
       limit ?4`
    )
    .bind(input.storeId, input.businessId, input.menuItemId, input.limit)
    .all<{ id: number; name: string; size: string | null; price: number }>()
  return results
}

/** Sets a meal deal's quantity; 0 deletes it. */
export function mealDealQuantityStatement(
  db: D1Database,
  mealDealId: number,
  quantity: number
): D1PreparedStatement {
  return quantity === 0
    ? db.prepare('delete from basket_meal_deals where id = ?1').bind(mealDealId)
    : db
        .prepare('update basket_meal_deals set quantity = ?2 where id = ?1')
        .bind(mealDealId, quantity)
}

/** Adds a meal deal with its choices (the choices belong to the basket's newest meal deal). */
export function insertMealDealStatements(
  db: D1Database,
  input: {
    basketId: number
    dealId: number
    quantity: number
    unitPrice: number
    choices: ReadonlyArray<{ sectionId: number; itemId: number }>
  }
): Array<D1PreparedStatement> {
  const newest = '(select max(id) from basket_meal_deals where basket_id = ?1)'
  return [
    db
      .prepare(
        `insert into basket_meal_deals (basket_id, deal_id, quantity, unit_price)
         values (?1, ?2, ?3, ?4)`
      )
      .bind(input.basketId, input.dealId, input.quantity, input.unitPrice),
    ...input.choices.map((choice) =>
      db
        .prepare(
          `insert into basket_meal_deal_choices (basket_meal_deal_id, deal_section_id,
             menu_item_id) values (${newest}, ?2, ?3)`
        )
        .bind(input.basketId, choice.sectionId, choice.itemId)
    ),
  ]
}

/** Stores the prices a basket read found changed (lines and meal deals). */
export async function savePrices(
  db: D1Database,
  lines: ReadonlyArray<{ basketLineId: number; unitPrice: number }>,
  meals: ReadonlyArray<{ basketMealDealId: number; unitPrice: number }>
): Promise<void> {
  await db.batch([
    ...lines.map((line) =>
      db
        .prepare('update basket_lines set unit_price = ?2 where id = ?1')
        .bind(line.basketLineId, line.unitPrice)
    ),
    ...meals.map((meal) =>
      db
        .prepare('update basket_meal_deals set unit_price = ?2 where id = ?1')
        .bind(meal.basketMealDealId, meal.unitPrice)
    ),
  ])
}
