import { AddedTaxSchema } from './added-tax.ts'
import { VatBreakdownSchema } from './vat-breakdown.ts'
import { NamedDiscountsSchema } from './named-discounts.ts'
import { z } from 'zod'
import { CheckoutAddressSchema, PaymentMethodSchema } from './checkout-answers.ts'
import { IdempotencyKeySchema } from './checkout.ts'
import { BusinessIdSchema, IdSchema, MoneySchema, ShopperWordsSchema } from './common.ts'
import { FULFILMENT_METHODS } from './constants.ts'
import { MESSAGES } from './messages.ts'
import { SubstitutionChoiceSchema } from './basket.ts'
import { CardBrandSchema } from './payments.ts'
import {
  type LineMark,
  type OrderActionType,
  PROGRESS_STATUSES,
  TERMINAL_STATUSES,
} from './order-states.ts'
import { STAFF_ROLES } from './staff.ts'

/**
 * The store console's order calls (ADR 017): the board of a store, one order's detail, and the
 * actions of the order state machine (schemas/order-states.ts). Every call is a staff call
 * (requireStaff): an operator for any store of the business, a store manager or picker for their
 * stores, a driver only for the orders assigned to them (any other answers 404, as if absent).
 */

const STORE_ORDER_STATUSES = [...PROGRESS_STATUSES, ...TERMINAL_STATUSES] as const
export const StoreOrderStatusSchema = z.enum(STORE_ORDER_STATUSES)
/** ORDER_TRANSITIONS' keys as a tuple zod can enumerate; the unit test checks they are the same. */
export const ORDER_ACTION_TYPE_LIST = [
  'accept',
  'reject',
  'auto_reject',
  'mark_line',
  'finish_picking',
  'ready_for_collection',
  'collected',
  'assign_driver',
  'start_route',
  'deliver',
  'unable_to_deliver',
  'cancel',
  'refund_order',
  'refund_lines',
] as const satisfies ReadonlyArray<OrderActionType>
export const OrderActionTypeSchema = z.enum(ORDER_ACTION_TYPE_LIST)
export const LINE_MARKS = [
  'picked',
  'short',
  'out_of_stock',
  'substituted',
] as const satisfies ReadonlyArray<LineMark>
export const LineMarkSchema = z.enum(LINE_MARKS)
export const ActorRoleSchema = z.enum([...STAFF_ROLES, 'system', 'shopper'])

const ReasonSchema = z.string().max(500, { error: MESSAGES.validationError })

/** The store a call works on. */
export const StoreOrdersScopeSchema = z.object({
  businessId: BusinessIdSchema,
  storeId: IdSchema,
})
export type StoreOrdersScope = z.output<typeof StoreOrdersScopeSchema>

/** POST /staff/orders/board. */
export const StoreOrderBoardRequestSchema = StoreOrdersScopeSchema

/** POST /staff/orders/detail. */
export const StoreOrderDetailRequestSchema = StoreOrdersScopeSchema.extend({ orderId: IdSchema })
export type StoreOrderDetailRequest = z.output<typeof StoreOrderDetailRequestSchema>

/** The slot in the store's local time as the shopper chose it; asap has none. */
export const StoreOrderSlotSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('asap') }),
  z.object({
    kind: z.literal('scheduled'),
    /** YYYY-MM-DD, store local. */
    date: z.string(),
    /** HH:MM, store local. */
    startsAt: z.string(),
    endsAt: z.string(),
  }),
])
export type StoreOrderSlot = z.infer<typeof StoreOrderSlotSchema>

export const StaffNameSchema = z.object({ staffId: IdSchema, name: z.string() })
export type StaffName = z.infer<typeof StaffNameSchema>

/** One order on the board. */
export const StoreOrderSummarySchema = z.object({
  orderId: IdSchema,
  /** The order number shown to shoppers (business_order_id). */
  orderNumber: z.string(),
  status: StoreOrderStatusSchema,
  /** 20 … 100 while in progress, null when terminal (spec §4). */
  statusCode: z.int().nullable(),
  /** Spec §4 wording (ORDER_STATUS_LABELS). */
  statusLabel: z.string(),
  fulfilmentMethod: z.enum(FULFILMENT_METHODS),
  slot: StoreOrderSlotSchema,
  /** Sum of the quantities of the order's item lines. */
  itemsCount: z.int().nonnegative(),
  /** What the shopper pays now, in pence (the Order's `total`). */
  total: MoneySchema,
  placedAt: z.iso.datetime(),
  acceptedAt: z.iso.datetime().nullable(),
  estimatedReadyAt: z.iso.datetime().nullable(),
  /** Past this instant a Sent to Store order alerts the managers; at twice the window it is rejected. */
  acceptBy: z.iso.datetime().nullable(),
  /** The managers have been alerted that it waits too long. */
  acceptOverdue: z.boolean(),
  readyForCollection: z.boolean(),
  driver: StaffNameSchema.nullable(),
  /** What the caller could do now (allowedActions of schemas/order-states.ts). */
  allowedActions: z.array(OrderActionTypeSchema),
  /** The store's IANA time zone: the console shows every time in it. */
  timeZone: z.string(),
})
export type StoreOrderSummary = z.infer<typeof StoreOrderSummarySchema>

/** The open orders of the store and those finished in the last 24 hours, newest first. */
export const StoreOrderBoardSchema = z.object({
  storeId: IdSchema,
  /** The server's clock when the board was read (ages are counted from it). */
  at: z.iso.datetime(),
  orders: z.array(StoreOrderSummarySchema),
})
export type StoreOrderBoard = z.infer<typeof StoreOrderBoardSchema>

export const StoreOrderSubstituteSchema = z.object({
  menuItemId: IdSchema,
  name: z.string(),
  quantity: z.int().positive(),
  /** The substitute's own price, and what the shopper is charged for it (never more than the line). */
  unitPrice: MoneySchema,
  chargedPrice: MoneySchema,
})

/** One line of the picking list. */
export const StoreOrderLineSchema = z.object({
  lineId: IdSchema,
  menuItemId: IdSchema.nullable(),
  name: z.string(),
  /** Options chosen, "Option: value" each. */
  selections: z.array(z.string()),
  quantity: z.int().positive(),
  unitPrice: MoneySchema,
  /** The line as ordered. */
  totalPrice: MoneySchema,
  /** Null until marked. */
  mark: LineMarkSchema.nullable(),
  /** Picked: the quantity; short: fewer; out of stock and substituted: 0. */
  pickedQuantity: z.int().nonnegative().nullable(),
  substitute: StoreOrderSubstituteSchema.nullable(),
  /** What the shopper pays for the line now (after marks and line refunds). */
  chargedPrice: MoneySchema,
  /** Quantity refunded after delivery (refund_lines). */
  refundedQuantity: z.int().nonnegative(),
  /** The mark's version (0: not marked): a mark_line sends it back. */
  version: z.int().nonnegative(),
  ageRestriction: z.int().nullable(),
  /** An age-restricted line: the driver or the collection desk checks ID (Challenge 25). */
  challenge25: z.boolean(),
  /** False when the shopper asked for no substitutes: the line may not be substituted. */
  allowSubstitutes: z.boolean(),
  /** The shopper's choice (schemas/basket.ts): best match, their replacement, or none. */
  substitution: SubstitutionChoiceSchema,
  /** The replacement the shopper chose, offered first when the line is short. */
  chosenReplacement: z.object({ menuItemId: z.int(), name: z.string() }).nullable(),
  /**
   * A weighed line (ADR 039): what was asked for ('750 g', '3 × approx. 180 g'; in the business's
   * language on a shopper's order, English in the console), the grams picked
   * and their weighed price once weighed, and whether that was capped at what the payment held
   * (then chargedPrice is the cap). Null for an item sold each.
   */
  weighed: z
    .object({
      label: ShopperWordsSchema,
      pricePerKg: MoneySchema,
      pickedGrams: z.int().positive().nullable(),
      weighedPrice: MoneySchema.nullable(),
      capped: z.boolean(),
    })
    .nullable(),
})
export type StoreOrderLine = z.infer<typeof StoreOrderLineSchema>

/** The picking list is grouped by the item's top category (the department), in catalogue order. */
export const StoreOrderDepartmentSchema = z.object({
  department: z.string(),
  lines: z.array(StoreOrderLineSchema),
})

/** Spec §2 Order money fields, in pence: total = original total + adjustment − refund − tip refund. */
export const StoreOrderMoneySchema = z.object({
  subtotal: MoneySchema,
  deliveryCost: MoneySchema,
  deliveryTip: MoneySchema,
  /** Store credit the order spent (ADR 020): shown as 'Store credit −£5.00'; total is net of it. */
  creditApplied: MoneySchema,
  originalTotal: MoneySchema,
  /** Signed: substitutions and short picks make it negative. */
  totalAdjustment: z.int(),
  refund: MoneySchema,
  tipRefund: MoneySchema,
  total: MoneySchema,
  /**
   * What has gone back to the shopper's payment so far: refunds and voids the gateway confirmed
   * (cash: recorded). Picking changes lower `total` through the adjustment, not `refund`, so this
   * is where the money they returned shows.
   */
  givenBack: MoneySchema,
  /** Store credit given back to the member for this order (returns and refunds as credit). */
  creditReturned: MoneySchema,
  paymentMethod: PaymentMethodSchema.nullable(),
  /** A card order's card, when the payment or the saved card recorded it. */
  cardBrand: CardBrandSchema.nullable(),
  cardLast4: z.string().nullable(),
})
export type StoreOrderMoney = z.infer<typeof StoreOrderMoneySchema>

export const StoreOrderHistoryRowSchema = z.object({
  at: z.iso.datetime(),
  /** Null for the system (the cron that rejects an order nobody accepted). */
  actor: StaffNameSchema.nullable(),
  role: ActorRoleSchema,
  action: z.string(),
  from: StoreOrderStatusSchema.nullable(),
  to: StoreOrderStatusSchema,
  reason: z.string().nullable(),
  /** The money the step moved (refunds, goodwill, refund as credit), in pence; null: none. */
  amount: MoneySchema.nullable(),
})
export type StoreOrderHistoryRow = z.infer<typeof StoreOrderHistoryRowSchema>

/** POST /staff/orders/detail and the answer of every action. */
export const StoreOrderDetailSchema = StoreOrderSummarySchema.extend({
  /** The deals, coupon and store credit by name, re-priced after picking (issue 35 item 19). */
  discounts: NamedDiscountsSchema,
  customer: z.object({
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string().nullable(),
    /** A member's order (who may hold store credit), not a guest's. */
    member: z.boolean(),
  }),
  deliveryAddress: CheckoutAddressSchema.nullable(),
  instructions: z.string().nullable(),
  /** The brand (shop) the shopper placed it on: a business may run several. */
  brandName: z.string().nullable(),
  /** Why it was rejected, cancelled or could not be delivered. */
  closingReason: z.string().nullable(),
  departments: z.array(StoreOrderDepartmentSchema),
  money: StoreOrderMoneySchema,
  history: z.array(StoreOrderHistoryRowSchema),
  /** Drivers of the store (for assign_driver); empty for a collection order. */
  drivers: z.array(StaffNameSchema),
  /** The VAT by rate (ADR 051), or null where the order has none to show. */
  vat: VatBreakdownSchema.nullable(),
  /** Tax added at checkout (ADR 055), as placed; null where prices included VAT. */
  addedTax: AddedTaxSchema.nullable().default(null),
})
export type StoreOrderDetail = z.infer<typeof StoreOrderDetailSchema>

const reasonAction = <T extends string>(type: T) =>
  z.object({ type: z.literal(type), reason: ReasonSchema })

/**
 * How a cash order's refund reaches the shopper (issue 35 item 2), chosen by the staff: cash at
 * the door, cash at the store, or store credit (members only). Required for a cash order's
 * refunds, ignored for a card's.
 */
export const CASH_RETURNS = ['door', 'store', 'credit'] as const
export type CashReturn = (typeof CASH_RETURNS)[number]
const CashReturnSchema = z.enum(CASH_RETURNS, { error: MESSAGES.validationError })

/**
 * The actions of the console, shaped like OrderAction (schemas/order-states.ts) with what the
 * service needs besides: a short pick's quantity, a substitute, the lines a refund covers.
 * auto_reject is the cron's alone and not accepted here.
 */
export const StoreOrderActionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('accept'), estimatedReadyAt: z.iso.datetime() }),
  reasonAction('reject'),
  z
    .object({
      type: z.literal('mark_line'),
      lineId: IdSchema,
      /** The line's version the console showed (0: not marked): an older one is refused. */
      version: z.int().nonnegative(),
      mark: LineMarkSchema,
      /** short: how many were found (fewer than ordered, at least 1). */
      pickedQuantity: z.int().positive().optional(),
      /** picked, a weighed line (ADR 039): the grams the picker weighed. */
      pickedGrams: z.int().positive().max(100_000).optional(),
      /** substituted: another item of the store and how many. */
      substitute: z
        .object({ menuItemId: IdSchema, quantity: z.int().positive().max(99) })
        .optional(),
    })
    .refine((a) => (a.mark === 'short') === (a.pickedQuantity !== undefined), {
      error: MESSAGES.validationError,
      path: ['pickedQuantity'],
    })
    .refine((a) => (a.mark === 'substituted') === (a.substitute !== undefined), {
      error: MESSAGES.validationError,
      path: ['substitute'],
    })
    .refine((a) => a.pickedGrams === undefined || a.mark === 'picked', {
      error: MESSAGES.validationError,
      path: ['pickedGrams'],
    }),
  z.object({ type: z.literal('finish_picking') }),
  z.object({ type: z.literal('ready_for_collection') }),
  z.object({ type: z.literal('collected') }),
  z.object({ type: z.literal('assign_driver'), driverId: IdSchema }),
  z.object({ type: z.literal('start_route') }),
  z.object({ type: z.literal('deliver') }),
  reasonAction('unable_to_deliver'),
  reasonAction('cancel'),
  reasonAction('refund_order').extend({ cashReturn: CashReturnSchema.optional() }),
  reasonAction('refund_lines').extend({
    cashReturn: CashReturnSchema.optional(),
    lines: z
      .array(z.object({ lineId: IdSchema, quantity: z.int().positive() }))
      .min(1)
      .max(200),
  }),
])
export type StoreOrderAction = z.output<typeof StoreOrderActionSchema>

/**
 * POST /staff/orders/action. Idempotent on the Idempotency-Key header, or on `idempotencyKey` in
 * the body for calls through the storefront's /api proxy, which forwards no such header (the
 * header wins when both are sent): a double click answers the first answer.
 */
export const StoreOrderActionRequestSchema = StoreOrderDetailRequestSchema.extend({
  idempotencyKey: IdempotencyKeySchema.optional(),
  /** The status the console showed: a stale one answers 409 with the order's current status. */
  expectedStatus: StoreOrderStatusSchema,
  action: StoreOrderActionSchema,
})
export type StoreOrderActionRequest = z.output<typeof StoreOrderActionRequestSchema>
