import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { OperatorStoreSchema } from '../../../schemas/operator-stores.ts'
import { changedTables, fingerprint } from '../../support/workers/db-fingerprint.ts'
import { seedCatalogue } from '../catalogue/fixtures.ts'
import { seedStaff, signIn } from '../staff/fixtures.ts'
import { business, DUTCH_GROCER, IRISH_GROCER } from '../../support/workers/seed.ts'
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
      ...IRISH_GROCER,
    }),
    business(env.DB, {
      id: UTRECHT,
      ...DUTCH_GROCER,
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

describe('delivery zones of a store abroad', () => {
  it('are radii: a postcode district is refused and nothing is written', async () => {
    const created = await operatorCall(
      '/staff/operator/stores/create',
      {
        name: 'Liffey Quay',
        slug: 'liffey-quay',
        phone: '01  555 0100',
        email: 'quay@example.com',
        addressLine1: '1 Eden Quay',
        town: 'Dublin',
        county: 'Dublin',
        postcode: 'D01 F5P2',
        timeZone: 'Europe/Dublin',
        isActive: true,
      },
      irish,
      DUBLIN
    )
    expect(created.status, JSON.stringify(created.json)).toBe(200)
    const store = OperatorStoreSchema.parse(created.json)
    // A Dublin number, kept as typed (spacing tidied), where the UK's rule refused it.
    expect(store.phone).toBe('01 555 0100')
    const zone = { storeId: store.id, deliveryFee: null, minimumSpend: null, isActive: true }

    const before = await fingerprint()
    // M1 is a UK district the shop knows; it is still no zone for a store in Dublin.
    const district = await operatorCall(
      '/staff/operator/stores/zones/save',
      { ...zone, kind: 'outcode', outcode: 'M1' },
      irish,
      DUBLIN
    )
    expect(district.status).toBe(422)
    expect(district.json).toMatchObject({
      error: {
        fields: [
          {
            field: 'kind',
            message: 'Postcode districts are for UK stores: give a radius around the store.',
          },
        ],
      },
    })
    expect(changedTables(before, await fingerprint())).toEqual([])

    const radius = await operatorCall(
      '/staff/operator/stores/zones/save',
      { ...zone, kind: 'radius', radiusKm: 4 },
      irish,
      DUBLIN
    )
    expect(radius.status, JSON.stringify(radius.json)).toBe(200)
    expect(OperatorStoreSchema.parse(radius.json).zones).toEqual([
      expect.objectContaining({ kind: 'radius', radiusKm: 4, outcode: null }),
    ])
  })
})

describe("a store abroad's phone", () => {
  const details = (phone: string) => ({
    name: 'Domstad Centraal',
    slug: `domstad-centraal-${phone.replace(/\D/g, '')}`,
    phone,
    email: null,
    addressLine1: 'Stationsplein 1',
    town: 'Utrecht',
    county: null,
    postcode: '3511 AB',
    timeZone: 'Europe/Amsterdam',
    isActive: true,
  })

  it('is held to the business’s country: a Dutch number kept, a UK one refused', async () => {
    const kept = await operatorCall(
      '/staff/operator/stores/create',
      details('030 555 0199'),
      dutch,
      UTRECHT
    )
    expect(kept.status, JSON.stringify(kept.json)).toBe(200)
    expect(OperatorStoreSchema.parse(kept.json).phone).toBe('030 555 0199')

    const before = await fingerprint()
    const uk = await operatorCall(
      '/staff/operator/stores/create',
      details('0161 496 0000'),
      dutch,
      UTRECHT
    )
    expect(uk.status).toBe(422)
    expect(uk.json).toMatchObject({
      error: { fields: [{ field: 'phone', message: 'Phone number is invalid' }] },
    })
    expect(changedTables(before, await fingerprint())).toEqual([])
  })
})
