import { afterEach, describe, expect, it, vi } from 'vitest'
import { MESSAGES } from '../../../schemas/messages.ts'
import { createTaxCalculator } from '../../../worker/backend/tax/create-tax-calculator.ts'
import { localTaxCalculator } from '../../../worker/backend/tax/local-tax-calculator.ts'
import {
  rateOfPercentage,
  StripeTaxCalculator,
} from '../../../worker/backend/tax/stripe-tax-calculator.ts'
import type { TaxRequest } from '../../../worker/backend/tax/tax-calculator.ts'
import { jsonAnswer } from '../../support/fetch.ts'

/*
 * The Stripe Tax adapter (ADR 055) against a fetch stub answering Stripe's documented shapes:
 * the form it posts to /v1/tax/calculations, the answer mapped to lines, fees and jurisdictions,
 * and every failure refused (a tax nobody worked out is never charged).
 */

const KEY = 'sk_test_tax_key_0123456789abcdef'

afterEach(() => {
  vi.restoreAllMocks()
})

interface Call {
  url: string
  init: RequestInit | undefined
}

function stub(...answers: Array<Response | Error>) {
  const calls: Array<Call> = []
  const fetch = (url: string, init?: RequestInit): Promise<Response> => {
    calls.push({ url, init })
    const answer = answers.shift()
    if (answer === undefined) return Promise.reject(new Error('unexpected request'))
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer)
  }
  return { fetch, calls }
}

const REQUEST: TaxRequest = {
  currency: 'USD',
  place: {
    country: 'US',
    postcode: '94080',
    region: 'CA',
    city: 'South San Francisco',
    line1: '354 Oyster Point Blvd',
  },
  lines: [
    { reference: 'item:1', amount: 1699, quantity: 1, taxClass: 'standard' },
    { reference: 'item:2', amount: 500, quantity: 2, taxClass: 'zero' },
  ],
  discount: 200,
  fees: { delivery: 300, service: 100 },
}

/** A tax.calculation as Stripe's API reference documents it (the fields it lists, trimmed). */
function calculation(overrides: Record<string, unknown> = {}) {
  return {
    id: 'taxcalc_1OduxEBUZ691iUZ4QMIj5SGJ',
    object: 'tax.calculation',
    amount_total: 2547,
    currency: 'usd',
    customer: null,
    customer_details: {
      address: {
        city: 'South San Francisco',
        country: 'US',
        line1: '354 Oyster Point Blvd',
        line2: '',
        postal_code: '94080',
        state: 'CA',
      },
      address_source: 'shipping',
      ip_address: null,
      tax_ids: [],
      taxability_override: 'none',
    },
    expires_at: 1706708891,
    line_items: {
      object: 'list',
      data: [
        {
          id: 'tax_li_1',
          object: 'tax.calculation_line_item',
          amount: 1544,
          amount_tax: 152,
          livemode: false,
          product: null,
          quantity: 1,
          reference: 'item:1',
          tax_behavior: 'exclusive',
          tax_code: 'txcd_99999999',
        },
        {
          id: 'tax_li_2',
          object: 'tax.calculation_line_item',
          amount: 455,
          amount_tax: 0,
          livemode: false,
          product: null,
          quantity: 2,
          reference: 'item:2',
          tax_behavior: 'exclusive',
          tax_code: 'txcd_40060003',
        },
        {
          id: 'tax_li_3',
          object: 'tax.calculation_line_item',
          amount: 100,
          amount_tax: 0,
          livemode: false,
          product: null,
          quantity: 1,
          reference: 'fee:service',
          tax_behavior: 'exclusive',
          tax_code: 'txcd_20030000',
        },
      ],
      has_more: false,
      url: '/v1/tax/calculations/taxcalc_1OduxEBUZ691iUZ4QMIj5SGJ/line_items',
    },
    livemode: false,
    ship_from_details: null,
    shipping_cost: {
      amount: 300,
      amount_tax: 0,
      tax_behavior: 'exclusive',
      tax_code: 'txcd_92010001',
    },
    tax_amount_exclusive: 152,
    tax_amount_inclusive: 0,
    tax_breakdown: [
      {
        amount: 152,
        inclusive: false,
        tax_rate_details: {
          country: 'US',
          percentage_decimal: '9.875',
          state: 'CA',
          tax_type: 'sales_tax',
        },
        taxability_reason: 'standard_taxable',
        taxable_amount: 1544,
      },
      {
        amount: 0,
        inclusive: false,
        tax_rate_details: {
          country: 'US',
          percentage_decimal: '0.0',
          state: 'CA',
          tax_type: 'sales_tax',
        },
        taxability_reason: 'product_exempt',
        taxable_amount: 0,
      },
    ],
    tax_date: 1706622491,
    ...overrides,
  }
}

function calculator(fetch: ReturnType<typeof stub>['fetch']) {
  return new StripeTaxCalculator({ apiKey: KEY, fetch })
}

describe('StripeTaxCalculator', () => {
  it('posts the discounted lines, the fees and the address as Stripe’s form fields', async () => {
    const { fetch, calls } = stub(jsonAnswer(200, calculation()))
    await calculator(fetch).calculate(REQUEST)
    expect(calls).toHaveLength(1)
    const [call] = calls
    expect(call?.url).toBe('https://api.stripe.com/v1/tax/calculations')
    expect(call?.init?.method).toBe('POST')
    const headers = new Headers(call?.init?.headers)
    expect(headers.get('authorization')).toBe(`Bearer ${KEY}`)
    expect(headers.get('content-type')).toBe('application/x-www-form-urlencoded')
    const form = Object.fromEntries(new URLSearchParams(String(call?.init?.body)))
    expect(form).toEqual({
      currency: 'usd',
      'customer_details[address][country]': 'US',
      'customer_details[address][postal_code]': '94080',
      'customer_details[address][state]': 'CA',
      'customer_details[address][city]': 'South San Francisco',
      'customer_details[address][line1]': '354 Oyster Point Blvd',
      'customer_details[address_source]': 'shipping',
      // 200 off 2199 of goods, pro rata: 155 and 45.
      'line_items[0][amount]': '1544',
      'line_items[0][reference]': 'item:1',
      'line_items[0][quantity]': '1',
      'line_items[0][tax_code]': 'txcd_99999999',
      'line_items[0][tax_behavior]': 'exclusive',
      'line_items[1][amount]': '455',
      'line_items[1][reference]': 'item:2',
      'line_items[1][quantity]': '2',
      'line_items[1][tax_code]': 'txcd_40060003',
      'line_items[1][tax_behavior]': 'exclusive',
      'line_items[2][amount]': '100',
      'line_items[2][reference]': 'fee:service',
      'line_items[2][quantity]': '1',
      'line_items[2][tax_code]': 'txcd_20030000',
      'line_items[2][tax_behavior]': 'exclusive',
      'shipping_cost[amount]': '300',
      'shipping_cost[tax_behavior]': 'exclusive',
      'expand[]': 'line_items',
    })
  })

  it('maps the calculation to each line’s tax, the fees’ and the jurisdictions’', async () => {
    const { fetch } = stub(jsonAnswer(200, calculation()))
    expect(await calculator(fetch).calculate(REQUEST)).toEqual({
      lines: [
        { reference: 'item:1', tax: 152 },
        { reference: 'item:2', tax: 0 },
      ],
      fees: { delivery: 0, service: 0 },
      jurisdictions: [
        { code: 'US-CA-SALES_TAX', name: 'CA Sales tax', rate: 9875, taxable: 1544, tax: 152 },
      ],
      total: 152,
      reference: 'taxcalc_1OduxEBUZ691iUZ4QMIj5SGJ',
    })
  })

  it('reads Canada’s GST and QST rows, Quebec’s rate exact', async () => {
    const { fetch } = stub(
      jsonAnswer(
        200,
        calculation({
          line_items: {
            object: 'list',
            data: [
              { reference: 'item:1', amount: 1544, amount_tax: 231, quantity: 1 },
              { reference: 'item:2', amount: 455, amount_tax: 0, quantity: 2 },
              { reference: 'fee:service', amount: 100, amount_tax: 15, quantity: 1 },
            ],
            has_more: false,
          },
          shipping_cost: { amount: 300, amount_tax: 45 },
          tax_amount_exclusive: 291,
          tax_breakdown: [
            {
              amount: 97,
              inclusive: false,
              taxable_amount: 1944,
              tax_rate_details: {
                country: 'CA',
                state: null,
                percentage_decimal: '5.0',
                tax_type: 'gst',
              },
            },
            {
              amount: 194,
              inclusive: false,
              taxable_amount: 1944,
              tax_rate_details: {
                country: 'CA',
                state: 'QC',
                percentage_decimal: '9.975',
                tax_type: 'qst',
              },
            },
          ],
        })
      )
    )
    const answer = await calculator(fetch).calculate({ ...REQUEST, currency: 'CAD' })
    expect(answer.fees).toEqual({ delivery: 45, service: 15 })
    expect(answer.jurisdictions).toEqual([
      { code: 'CA-GST', name: 'GST', rate: 5000, taxable: 1944, tax: 97 },
      { code: 'CA-QC-QST', name: 'QC QST', rate: 9975, taxable: 1944, tax: 194 },
    ])
    expect(answer.total).toBe(291)
  })

  it.each([
    ['a server error', () => jsonAnswer(500, { error: { type: 'api_error' } })],
    ['a refused key', () => jsonAnswer(401, { error: { type: 'invalid_request_error' } })],
    ['a body that is not a calculation', () => jsonAnswer(200, { object: 'charge' })],
    [
      'an answer that does not add up',
      () => jsonAnswer(200, calculation({ tax_amount_exclusive: 153 })),
    ],
    [
      'an answer missing a line',
      () =>
        jsonAnswer(
          200,
          calculation({
            line_items: { object: 'list', data: [], has_more: false },
            tax_amount_exclusive: 152,
          })
        ),
    ],
    ['a dropped connection', () => new TypeError('network connection lost')],
  ])('refuses %s as the tax service failing', async (_, answer) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { fetch } = stub(answer())
    await expect(calculator(fetch).calculate(REQUEST)).rejects.toMatchObject({
      code: 'upstream_error',
      message: MESSAGES.taxServiceFailed,
    })
  })

  it('refuses an address Stripe cannot place as the shopper’s to correct', async () => {
    const { fetch } = stub(
      jsonAnswer(400, {
        error: {
          type: 'invalid_request_error',
          code: 'customer_tax_location_invalid',
          message: 'We could not determine the customer’s tax location.',
        },
      })
    )
    await expect(calculator(fetch).calculate(REQUEST)).rejects.toMatchObject({
      code: 'validation_error',
      message: MESSAGES.taxPlaceUnknown,
    })
  })

  it('reads a percentage as thousandths of a percent, or none when finer', () => {
    expect(rateOfPercentage('9.875')).toBe(9875)
    expect(rateOfPercentage('5.0')).toBe(5000)
    expect(rateOfPercentage('13')).toBe(13_000)
    expect(rateOfPercentage('9.9750')).toBe(9975)
    expect(rateOfPercentage('8.8754')).toBeNull()
  })
})

describe('createTaxCalculator', () => {
  it('uses the local table in development and test', () => {
    expect(createTaxCalculator({ APP_ENV: 'test' }, 'local')).toBe(localTaxCalculator)
    expect(createTaxCalculator({ APP_ENV: 'development' }, 'local')).toBe(localTaxCalculator)
  })

  it('uses Stripe Tax with its key, through the fetch it is given', async () => {
    const { fetch, calls } = stub(jsonAnswer(200, calculation()))
    const tax = createTaxCalculator(
      { APP_ENV: 'production', STRIPE_TAX_API_KEY: KEY },
      'stripe-tax',
      fetch as typeof globalThis.fetch
    )
    expect(tax).toBeInstanceOf(StripeTaxCalculator)
    expect((await tax.calculate(REQUEST)).total).toBe(152)
    expect(calls).toHaveLength(1)
  })

  it.each([
    ['the local table in production', { APP_ENV: 'production' }, 'local', 'tax_provider'],
    ['the local table in staging', { APP_ENV: 'staging' }, 'local', 'tax_provider'],
    ['Stripe Tax without its key', { APP_ENV: 'production' }, 'stripe-tax', 'STRIPE_TAX_API_KEY'],
    [
      'Stripe Tax with a blank key',
      { APP_ENV: 'production', STRIPE_TAX_API_KEY: '  ' },
      'stripe-tax',
      'STRIPE_TAX_API_KEY',
    ],
    ['an unknown provider', { APP_ENV: 'test' }, 'avalara', 'avalara'],
  ])('fails closed on %s, logging what to fix', async (_, env, provider, logged) => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const tax = createTaxCalculator(env, provider)
    await expect(tax.calculate(REQUEST)).rejects.toMatchObject({
      code: 'upstream_error',
      message: MESSAGES.taxServiceFailed,
    })
    expect(JSON.stringify(log.mock.calls)).toContain(logged)
  })
})
