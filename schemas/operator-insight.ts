import { z } from 'zod'
import { BusinessIdSchema, IdSchema } from './common.ts'

/**
 * The operator's insight (issue 44, ADR 040): a business's, a brand's or a store's figures by day
 * or week for a period of local dates. The backend answers the sums each figure is made of
 * (InsightSums); every figure is computed from them by one function here (INSIGHT_FIGURES), which
 * the page, its charts, its tables and the CSV export all use, so a figure has one definition.
 */

export const INSIGHT_SCOPES = ['business', 'brand', 'store'] as const
export type InsightScope = (typeof INSIGHT_SCOPES)[number]
export const INSIGHT_GRAINS = ['day', 'week'] as const
export type InsightGrain = (typeof INSIGHT_GRAINS)[number]

/** The period when none is asked for: the last 28 local days, today included. */
export const INSIGHT_DEFAULT_DAYS = 28
/** The longest period one request may read (a year and a leap day). */
export const INSIGHT_MAX_DAYS = 366

const LocalDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/)

/** POST /staff/operator/insight. from/to are local dates, both included (default: 28 days). */
export type InsightRequest = z.infer<typeof InsightRequestSchema>
export const InsightRequestSchema = z.object({
  businessId: BusinessIdSchema,
  scope: z.enum(INSIGHT_SCOPES).default('business'),
  /** The brand's or store's id (scope brand or store). */
  scopeId: IdSchema.optional(),
  from: LocalDateSchema.optional(),
  to: LocalDateSchema.optional(),
  grain: z.enum(INSIGHT_GRAINS).default('day'),
})

/** What a day's (or week's) orders add up to; every field adds across days. */
export type InsightSums = z.infer<typeof InsightSumsSchema>
export const InsightSumsSchema = z.object({
  orders: z.int().nonnegative(),
  salesPence: z.int(),
  basketOrders: z.int().nonnegative(),
  basketPence: z.int(),
  newShoppers: z.int().nonnegative(),
  returningShoppers: z.int().nonnegative(),
  rejected: z.int().nonnegative(),
  accepted: z.int().nonnegative(),
  acceptMinutes: z.number().nonnegative(),
  slotDelivered: z.int().nonnegative(),
  onTime: z.int().nonnegative(),
  orderedUnits: z.int().nonnegative(),
  suppliedUnits: z.int().nonnegative(),
  markedLines: z.int().nonnegative(),
  substitutedLines: z.int().nonnegative(),
  basketShoppers: z.int().nonnegative(),
  checkoutShoppers: z.int().nonnegative(),
  purchases: z.int().nonnegative(),
})

export const EMPTY_SUMS: InsightSums = {
  orders: 0,
  salesPence: 0,
  basketOrders: 0,
  basketPence: 0,
  newShoppers: 0,
  returningShoppers: 0,
  rejected: 0,
  accepted: 0,
  acceptMinutes: 0,
  slotDelivered: 0,
  onTime: 0,
  orderedUnits: 0,
  suppliedUnits: 0,
  markedLines: 0,
  substitutedLines: 0,
  basketShoppers: 0,
  checkoutShoppers: 0,
  purchases: 0,
}

export function addSums(a: InsightSums, b: InsightSums): InsightSums {
  const total = { ...a }
  for (const key of Object.keys(EMPTY_SUMS) as Array<keyof InsightSums>) total[key] += b[key]
  return total
}

/** One member of staff's refunds, goodwill and picking in the period. */
export type InsightStaffRow = z.infer<typeof InsightStaffRowSchema>
export const InsightStaffRowSchema = z.object({
  staffId: IdSchema.nullable(),
  name: z.string(),
  refunds: z.int().nonnegative(),
  refundPence: z.int().nonnegative(),
  goodwillPence: z.int().nonnegative(),
  linesPicked: z.int().nonnegative(),
  /** Clock hours (UTC) in which the member marked at least one line. */
  pickingHours: z.int().nonnegative(),
})

export type Insight = z.infer<typeof InsightSchema>
export const InsightSchema = z.object({
  scope: z.enum(INSIGHT_SCOPES),
  scopeId: IdSchema.nullable(),
  scopeName: z.string(),
  timeZone: z.string(),
  from: LocalDateSchema,
  to: LocalDateSchema,
  grain: z.enum(INSIGHT_GRAINS),
  /** Each day (or week, named by its Monday) of the period, empty ones included. */
  periods: z.array(z.object({ period: LocalDateSchema, sums: InsightSumsSchema })),
  staff: z.array(InsightStaffRowSchema),
  /** The brands and stores the operator may narrow to. */
  brands: z.array(z.object({ id: IdSchema, name: z.string() })),
  stores: z.array(z.object({ id: IdSchema, name: z.string() })),
})

export type FigureUnit = 'pence' | 'count' | 'percent' | 'minutes'

export interface InsightFigure {
  key: string
  label: string
  unit: FigureUnit
  /** The formula, as ADR 040 gives it. */
  formula: string
  /** The figure from a period's sums; null when it has nothing to divide by. */
  of: (sums: InsightSums) => number | null
}

function ratio(part: number, whole: number): number | null {
  return whole === 0 ? null : Math.round((part / whole) * 1000) / 10
}

/** THE definitions of the dashboard's figures (ADR 040 gives the same formulas). */
export const INSIGHT_FIGURES = [
  {
    key: 'sales',
    label: 'Sales',
    unit: 'pence',
    formula: 'sum(total) of orders placed, not rejected or cancelled',
    of: (s) => s.salesPence,
  },
  {
    key: 'orders',
    label: 'Orders',
    unit: 'count',
    formula: 'orders placed (sent to the store), whatever happened next',
    of: (s) => s.orders,
  },
  {
    key: 'averageBasket',
    label: 'Average basket',
    unit: 'pence',
    formula: 'sum(subtotal − discount) / orders, of orders not rejected or cancelled',
    of: (s) => (s.basketOrders === 0 ? null : Math.round(s.basketPence / s.basketOrders)),
  },
  {
    key: 'newShoppers',
    label: 'New shoppers',
    unit: 'count',
    formula: "orders that are the shopper's (by email) first placed order at the business",
    of: (s) => s.newShoppers,
  },
  {
    key: 'returningShoppers',
    label: 'Returning shoppers',
    unit: 'count',
    formula: 'orders of shoppers (by email) who had placed an order at the business before',
    of: (s) => s.returningShoppers,
  },
  {
    key: 'basketShoppers',
    label: 'Funnel: added to basket',
    unit: 'count',
    formula: 'shoppers (marketing user key) with a basket update recorded that day',
    of: (s) => s.basketShoppers,
  },
  {
    key: 'checkoutShoppers',
    label: 'Funnel: started checkout',
    unit: 'count',
    formula: "shoppers with a 'checkoutStarted' event recorded that day",
    of: (s) => s.checkoutShoppers,
  },
  {
    key: 'purchases',
    label: 'Funnel: purchased',
    unit: 'count',
    formula: 'purchase events recorded that day',
    of: (s) => s.purchases,
  },
  {
    key: 'fillRate',
    label: 'Fill rate',
    unit: 'percent',
    formula:
      'units picked as ordered (picked or short, up to the quantity) / units of marked lines',
    of: (s) => ratio(s.suppliedUnits, s.orderedUnits),
  },
  {
    key: 'substitutionRate',
    label: 'Substitution rate',
    unit: 'percent',
    formula: 'lines marked substituted / lines marked',
    of: (s) => ratio(s.substitutedLines, s.markedLines),
  },
  {
    key: 'rejectionRate',
    label: 'Rejection rate',
    unit: 'percent',
    formula: 'orders rejected by the store (by staff or automatically) / orders',
    of: (s) => ratio(s.rejected, s.orders),
  },
  {
    key: 'onTimeRate',
    label: 'On time',
    unit: 'percent',
    formula: 'orders delivered between slot start and slot end / orders with a slot delivered',
    of: (s) => ratio(s.onTime, s.slotDelivered),
  },
  {
    key: 'acceptMinutes',
    label: 'Order to accept',
    unit: 'minutes',
    formula: 'average of (accepted_at − placed_at) in minutes, of accepted orders',
    of: (s) => (s.accepted === 0 ? null : Math.round((s.acceptMinutes / s.accepted) * 10) / 10),
  },
] as const satisfies ReadonlyArray<InsightFigure>

export type InsightFigureKey = (typeof INSIGHT_FIGURES)[number]['key']

/** Picker lines per hour of a member of staff (or of everyone): lines / hours with a mark. */
export function linesPerHour(row: Pick<InsightStaffRow, 'linesPicked' | 'pickingHours'>) {
  return row.pickingHours === 0 ? null : Math.round((row.linesPicked / row.pickingHours) * 10) / 10
}
