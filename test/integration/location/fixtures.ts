import { env } from 'cloudflare:test'
import { expect } from 'vitest'
import { brand, business, seedDemo } from '../../support/workers/seed.ts'
import { callBackend } from '../../support/workers/requests.ts'
import { ApiErrorSchema } from '../../../schemas/api-error.ts'

/**
 * The demo dataset (business 1, brands 1–3, the UK outcodes, central Manchester postcodes and demo
 * addresses) plus business 2, whose own rules accept only Manchester postcodes in GB and
 * Eircode-like codes in IE: the rules are the business's, not the app's.
 */
export async function seedLocation(db: D1Database): Promise<void> {
  await seedDemo(db)
  await db.batch([
    business(db, { id: 2, name: 'Manchester Only', legalName: 'MO Ltd' }),
    ...brand(db, {
      id: 20,
      businessId: 2,
      slug: 'mo',
      name: 'MO',
      logoUrl: '/mo.svg',
      primaryColor: '#000000',
      secondaryColor: '#ffffff',
      accentColor: '#ff0000',
    }),
    db.prepare(
      `insert into postcode_rules (business_id, country_code, pattern, normalisation, example)
       values (2, 'GB', '^M[0-9]{1,2} [0-9][A-Z]{2}$', 'uk', 'M1 1AE'),
         (2, 'IE', '^[A-Z][0-9]{2} [A-Z0-9]{4}$', 'upper_trim', 'D01 F5P2')`
    ),
  ])
}

export type LocationEnv = typeof env & { GEOCODER_API_KEY?: string }

/** POSTs a JSON body to the backend, through the worker's backend app like the proxy does. */
export async function post(
  path: string,
  body: unknown,
  bindings: LocationEnv = env
): Promise<{ status: number; json: unknown }> {
  return callBackend(path, body, { bindings })
}

/** Asserts the error envelope and returns it. */
export function expectError(
  answer: { status: number; json: unknown },
  status: number,
  code: string,
  message: string
) {
  expect(answer.status).toBe(status)
  const envelope = ApiErrorSchema.parse(answer.json)
  expect(envelope.error.code).toBe(code)
  expect(envelope.error.message).toBe(message)
  return envelope.error
}

export interface AddressRow {
  place_id: string
  description: string
  address_line1: string
  postcode: string
  latitude: number
  longitude: number
}

export async function addressRows(where = '1 = 1', ...params: Array<string>) {
  const { results } = await env.DB.prepare(
    `select place_id, description, address_line1, postcode, latitude, longitude
     from geo_addresses where ${where} order by place_id`
  )
    .bind(...params)
    .all<AddressRow>()
  return results
}

export async function countInterest(): Promise<number> {
  const row = await env.DB.prepare('select count(*) as n from interest_requests').first<{
    n: number
  }>()
  return row?.n ?? -1
}
