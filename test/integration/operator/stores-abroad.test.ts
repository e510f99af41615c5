import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { seedCatalogue } from '../catalogue/fixtures.ts'
import { seedStaff, signIn } from '../staff/fixtures.ts'
import { business } from '../../support/workers/seed.ts'
import { operatorCall } from './fixtures.ts'

/*
 * An operator abroad places a store by its own country's postcode (issue 43, ADR 052): an Irish
 * grocer's store at an Eircode, a Dutch grocer's at a Dutch postcode, found by the local area
 * geocoder; a UK postcode is not theirs. The UK operator's is unchanged (stores.test.ts).
 */
const DUBLIN = 71
const UTRECHT = 72
let irish: string
let dutch: string

beforeAll(async () => {
  await seedCatalogue(env.DB)
  await env.DB.batch([
    business(env.DB, {
      id: DUBLIN,
      name: 'Liffey Grocers',
      legalName: 'Liffey Grocers Ltd',
      countryCode: 'IE',
      currency: 'EUR',
      locale: 'en_IE',
      timeZone: 'Europe/Dublin',
    }),
    business(env.DB, {
      id: UTRECHT,
      name: 'Domstad Grocers',
      legalName: 'Domstad Grocers B.V.',
      countryCode: 'NL',
      currency: 'EUR',
      locale: 'nl_NL',
      timeZone: 'Europe/Amsterdam',
    }),
  ])
  const [irishStaff, dutchStaff] = await Promise.all([
    seedStaff({ operator: true, businessId: DUBLIN }),
    seedStaff({ operator: true, businessId: UTRECHT }),
  ])
  irish = (await signIn(irishStaff.email, DUBLIN)).access_token
  dutch = (await signIn(dutchStaff.email, UTRECHT)).access_token
})

const locate = (postcode: string, bearer: string, businessId: number) =>
  operatorCall('/staff/operator/stores/locate', { postcode }, bearer, businessId)

describe("an operator abroad locates a store by the country's postcode", () => {
  it('places an Eircode typed without its space by its routing key', async () => {
    const answer = await locate('d02x285', irish, DUBLIN)
    expect(answer.status, JSON.stringify(answer.json)).toBe(200)
    expect(answer.json).toEqual({
      postcode: 'D02 X285',
      latitude: 53.338,
      longitude: -6.254,
      precision: 'outcode',
    })
  })

  it('places a Dutch postcode by its four digits', async () => {
    const answer = await locate('3511ab', dutch, UTRECHT)
    expect(answer.status, JSON.stringify(answer.json)).toBe(200)
    expect(answer.json).toMatchObject({ postcode: '3511 AB', latitude: 52.092, longitude: 5.114 })
  })

  it("refuses a UK postcode with the spec's message", async () => {
    const answer = await locate('M1 1AE', irish, DUBLIN)
    expect(answer.status).toBe(422)
    expect(answer.json).toMatchObject({
      error: { fields: [{ field: 'postcode', message: 'M1 1AE is not a valid postcode' }] },
    })
  })
})
