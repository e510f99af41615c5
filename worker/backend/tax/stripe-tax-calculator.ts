import { z } from 'zod'
import { MESSAGES } from '../../../schemas/messages.ts'
import type { TaxJurisdictionRow } from '../../../schemas/sales-tax.ts'
import type { VatClass } from '../../../schemas/vat.ts'
import { AppError } from '../../lib/errors.ts'
import { logError } from '../../lib/log.ts'
import {
  assertTaxAnswerAddsUp,
  discountedLines,
  type TaxAnswer,
  type TaxCalculator,
  type TaxRequest,
} from './tax-calculator.ts'

/*
 * The tax port over Stripe Tax's calculations API (ADR 055): POST /v1/tax/calculations, form
 * encoded, prices exclusive of tax. Lines go after the discount (Stripe takes amounts as
 * charged), the delivery fee as `shipping_cost`, the service fee as a line of its own. The
 * answer's lines and shipping carry `amount_tax`; its `tax_breakdown` lists the tax by rate and
 * jurisdiction. Only the calculation is made: nothing is recorded at Stripe, so no transaction
 * is reversed on a refund.
 */

export const STRIPE_API_BASE_URL = 'https://api.stripe.com'
const DEFAULT_TIMEOUT_MS = 4000
export const SERVICE_FEE_REFERENCE = 'fee:service'

/**
 * Stripe's product tax codes for an item's class. `txcd_99999999` is "General - Tangible Goods";
 * the food code is the one Stripe's API reference uses in its examples. Whether Stripe reads it
 * as grocery food or prepared food (which states tax differently) is to be checked against
 * Stripe's tax code list before a business goes live (ADR 055).
 */
export const STRIPE_TAX_CODES: Readonly<Record<VatClass | 'service', string>> = {
  zero: 'txcd_40060003',
  reduced: 'txcd_99999999',
  standard: 'txcd_99999999',
  service: 'txcd_20030000',
}

export interface StripeTaxOptions {
  apiKey: string
  fetch: (input: string, init?: RequestInit) => Promise<Response>
  baseUrl?: string
  timeoutMs?: number
}

const TaxRateDetailsSchema = z.object({
  country: z.string().nullable().optional(),
  state: z.string().nullable().optional(),
  percentage_decimal: z.string(),
  tax_type: z.string().nullable().optional(),
})

/** The fields of a tax.calculation we read; Stripe sends many more. */
export const StripeCalculationSchema = z.object({
  id: z.string().nullable(),
  object: z.literal('tax.calculation'),
  currency: z.string(),
  tax_amount_exclusive: z.int().nonnegative(),
  line_items: z.object({
    data: z.array(
      z.object({ reference: z.string().nullable(), amount: z.int(), amount_tax: z.int() })
    ),
    has_more: z.boolean(),
  }),
  shipping_cost: z.object({ amount: z.int(), amount_tax: z.int() }).nullable().optional(),
  tax_breakdown: z.array(
    z.object({
      amount: z.int(),
      inclusive: z.boolean(),
      taxable_amount: z.int(),
      tax_rate_details: TaxRateDetailsSchema,
    })
  ),
})
type StripeCalculation = z.infer<typeof StripeCalculationSchema>

const StripeErrorSchema = z.object({
  error: z.object({
    type: z.string(),
    code: z.string().optional(),
    message: z.string().optional(),
  }),
})

/** The form body of a calculation (Stripe's bracketed keys, in the order they are listed). */
export function calculationForm(request: TaxRequest): URLSearchParams {
  const form = new URLSearchParams()
  form.set('currency', request.currency.toLowerCase())
  const address = request.place
  form.set('customer_details[address][country]', address.country.toUpperCase())
  form.set('customer_details[address][postal_code]', address.postcode)
  if (address.region) form.set('customer_details[address][state]', address.region)
  if (address.city) form.set('customer_details[address][city]', address.city)
  if (address.line1) form.set('customer_details[address][line1]', address.line1)
  // Goods are taxed where they are supplied: the delivery address, or the store collected at.
  form.set('customer_details[address_source]', 'shipping')
  const items = [
    ...discountedLines(request).map((line) => ({
      reference: line.reference,
      amount: line.amount,
      quantity: line.quantity,
      code: STRIPE_TAX_CODES[line.taxClass],
    })),
    ...(request.fees.service > 0
      ? [
          {
            reference: SERVICE_FEE_REFERENCE,
            amount: request.fees.service,
            quantity: 1,
            code: STRIPE_TAX_CODES.service,
          },
        ]
      : []),
  ]
  items.forEach((item, index) => {
    const key = `line_items[${index}]`
    form.set(`${key}[amount]`, String(item.amount))
    form.set(`${key}[reference]`, item.reference)
    form.set(`${key}[quantity]`, String(item.quantity))
    form.set(`${key}[tax_code]`, item.code)
    form.set(`${key}[tax_behavior]`, 'exclusive')
  })
  if (request.fees.delivery > 0) {
    form.set('shipping_cost[amount]', String(request.fees.delivery))
    form.set('shipping_cost[tax_behavior]', 'exclusive')
  }
  form.append('expand[]', 'line_items')
  return form
}

/** '8.875' → 8875 thousandths of a percent; null when it has more places than that holds. */
export function rateOfPercentage(percentage: string): number | null {
  const match = /^(\d+)(?:\.(\d{1,3})0*)?$/.exec(percentage.trim())
  if (!match) return null
  return Number(match[1]) * 1000 + Number((match[2] ?? '').padEnd(3, '0'))
}

const TAX_TYPE_NAMES: Readonly<Record<string, string>> = {
  sales_tax: 'Sales tax',
  gst: 'GST',
  hst: 'HST',
  qst: 'QST',
  pst: 'PST',
  rst: 'RST',
  vat: 'VAT',
}

function jurisdictionRow(row: StripeCalculation['tax_breakdown'][number]): TaxJurisdictionRow {
  const details = row.tax_rate_details
  const type = details.tax_type ?? 'tax'
  const place = [details.country, details.state].filter((part): part is string => !!part)
  return {
    code: [...place, type.toUpperCase()].join('-'),
    name: [details.state, TAX_TYPE_NAMES[type] ?? type].filter(Boolean).join(' '),
    rate: rateOfPercentage(details.percentage_decimal),
    taxable: row.taxable_amount,
    tax: row.amount,
  }
}

/** A calculation as the port's answer; throws when it is not the one we asked for. */
export function answerOfCalculation(request: TaxRequest, body: StripeCalculation): TaxAnswer {
  if (body.line_items.has_more) throw new Error('Stripe Tax answered a partial list of lines')
  const taxOf = new Map(body.line_items.data.map((line) => [line.reference, line.amount_tax]))
  const missing = request.lines.find((line) => !taxOf.has(line.reference))
  if (missing) throw new Error(`Stripe Tax answered no line ${missing.reference}`)
  const answer: TaxAnswer = {
    lines: request.lines.map((line) => ({
      reference: line.reference,
      tax: taxOf.get(line.reference) ?? 0,
    })),
    fees: {
      delivery: body.shipping_cost?.amount_tax ?? 0,
      service: taxOf.get(SERVICE_FEE_REFERENCE) ?? 0,
    },
    jurisdictions: body.tax_breakdown
      .filter((row) => !row.inclusive && row.amount !== 0)
      .map(jurisdictionRow),
    total: body.tax_amount_exclusive,
    reference: body.id,
  }
  assertTaxAnswerAddsUp(answer)
  return answer
}

function serviceFailed(error: unknown): AppError {
  logError(error, { provider: 'stripe-tax' })
  return new AppError('upstream_error', MESSAGES.taxServiceFailed)
}

export class StripeTaxCalculator implements TaxCalculator {
  readonly #options: Required<StripeTaxOptions>

  constructor(options: StripeTaxOptions) {
    this.#options = { baseUrl: STRIPE_API_BASE_URL, timeoutMs: DEFAULT_TIMEOUT_MS, ...options }
  }

  async calculate(request: TaxRequest): Promise<TaxAnswer> {
    const { apiKey, baseUrl, timeoutMs } = this.#options
    let response: Response
    try {
      response = await this.#options.fetch(`${baseUrl}/v1/tax/calculations`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${apiKey}`,
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: calculationForm(request).toString(),
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch (error) {
      throw serviceFailed(error)
    }
    const body: unknown = await response.json().catch(() => null)
    if (!response.ok) {
      const refusal = StripeErrorSchema.safeParse(body)
      // Stripe cannot place the address: the shopper's to correct, not an outage.
      if (refusal.success && refusal.data.error.code === 'customer_tax_location_invalid') {
        throw new AppError('validation_error', MESSAGES.taxPlaceUnknown)
      }
      throw serviceFailed(new Error(`Stripe Tax answered ${String(response.status)}`))
    }
    const parsed = StripeCalculationSchema.safeParse(body)
    if (!parsed.success) throw serviceFailed(parsed.error)
    try {
      return answerOfCalculation(request, parsed.data)
    } catch (error) {
      throw serviceFailed(error)
    }
  }
}
