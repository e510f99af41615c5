import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { MemberAddressListSchema, type MemberAddress } from '../../../schemas/member-addresses.ts'
import { formatMessage, MESSAGES } from '../../../schemas/messages.ts'
import { backend } from '../../../worker/local-backend.ts'
import { callOf, jsonPost, type Call } from '../../support/workers/requests.ts'
import { seedDemo } from '../../support/workers/seed.ts'
import {
  BUSINESS_ID,
  call,
  expectError,
  freshIp,
  registerMember,
  testEnv,
} from '../auth/fixtures.ts'

beforeAll(async () => {
  await seedDemo(env.DB)
})

type Method = 'PUT' | 'DELETE'

/** A member address call with a JSON body (POST through `call`; PUT and DELETE here). */
async function send(method: Method, body: unknown, bearer?: string): Promise<Call> {
  const init = { ...jsonPost(body, { ip: freshIp(), ...(bearer ? { bearer } : {}) }), method }
  return callOf(await backend.request('/member/addresses', init, testEnv))
}

async function list(bearer: string, type?: 'delivery' | 'billing'): Promise<Array<MemberAddress>> {
  const query = `?businessId=${BUSINESS_ID}${type ? `&type=${type}` : ''}`
  const answer = await callOf(
    await backend.request(
      `/member/addresses${query}`,
      { headers: { authorization: `Bearer ${bearer}` } },
      testEnv
    )
  )
  expect(answer.status, JSON.stringify(answer.json)).toBe(200)
  return MemberAddressListSchema.parse(answer.json).addresses
}

const HOME = {
  businessId: BUSINESS_ID,
  type: 'delivery',
  name: 'Home',
  firstName: 'Ada',
  lastName: 'Lovelace',
  addressLine1: '1 Piccadilly',
  town: 'Manchester',
  postcode: 'm11ad',
} as const

async function member(): Promise<string> {
  return (await registerMember()).tokens.access_token
}

async function add(bearer: string, fields: Record<string, unknown> = {}): Promise<Call> {
  return call('/member/addresses', { ...HOME, ...fields }, { bearer })
}

function addressesOf(answer: Call): Array<MemberAddress> {
  expect(answer.status, JSON.stringify(answer.json)).toBe(200)
  return MemberAddressListSchema.parse(answer.json).addresses
}

describe('member addresses (spec §7 Member)', () => {
  it('adds an address with its postcode normalised, its point, and as the first default', async () => {
    const bearer = await member()
    const [home] = addressesOf(await add(bearer))
    expect(home).toMatchObject({
      type: 'delivery',
      name: 'Home',
      firstName: 'Ada',
      lastName: 'Lovelace',
      addressLine1: '1 Piccadilly',
      addressLine2: null,
      town: 'Manchester',
      postcode: 'M1 1AD',
      country: 'GB',
      isDefault: true,
    })
    expect(home?.latitude).toBeCloseTo(53.48, 1)
    expect(home?.longitude).toBeCloseTo(-2.24, 1)
  })

  it('keeps one default per type: a second address is not default until set, then the only one', async () => {
    const bearer = await member()
    addressesOf(await add(bearer))
    const both = addressesOf(await add(bearer, { name: 'Work', addressLine1: '2 Portland St' }))
    const work = both.find(({ name }) => name === 'Work')!
    expect(work.isDefault).toBe(false)
    // A billing address is its own type's default, and leaves the delivery default alone.
    addressesOf(await add(bearer, { type: 'billing', name: 'Bills', postcode: 'M1 1AE' }))
    const changed = addressesOf(
      await call(
        '/member/addresses/default',
        { businessId: BUSINESS_ID, addressId: work.addressId, isDefault: true },
        { bearer }
      )
    )
    expect(changed.filter(({ isDefault }) => isDefault).map(({ name }) => name)).toEqual([
      'Work',
      'Bills',
    ])
    // Default first within its type.
    expect((await list(bearer, 'delivery')).map(({ name }) => name)).toEqual(['Work', 'Home'])
    expect((await list(bearer, 'billing')).map(({ name }) => name)).toEqual(['Bills'])
    // Added as the default, it takes over from Work in one batch.
    const third = addressesOf(await add(bearer, { name: 'Gran', isDefault: true }))
    expect(third.filter((a) => a.type === 'delivery' && a.isDefault).map((a) => a.name)).toEqual([
      'Gran',
    ])
  })

  it('updates an address, and a deleted default hands over to the newest of its type', async () => {
    const bearer = await member()
    const [home] = addressesOf(await add(bearer))
    addressesOf(await add(bearer, { name: 'Work', addressLine1: '2 Portland St' }))
    const updated = addressesOf(
      await send(
        'PUT',
        { ...HOME, addressId: home!.addressId, name: 'Flat', addressLine2: 'Floor 3' },
        bearer
      )
    )
    expect(updated.find((a) => a.addressId === home!.addressId)).toMatchObject({
      name: 'Flat',
      addressLine2: 'Floor 3',
      isDefault: true,
    })
    const left = addressesOf(
      await send('DELETE', { businessId: BUSINESS_ID, addressId: home!.addressId }, bearer)
    )
    expect(left).toEqual([expect.objectContaining({ name: 'Work', isDefault: true })])
  })

  it("refuses bad input with the spec's messages, nothing written", async () => {
    const bearer = await member()
    expectError(
      await add(bearer, { postcode: 'nope' }),
      422,
      formatMessage('postcodeInvalid', 'nope')
    )
    expectError(await add(bearer, { postcode: '' }), 422, MESSAGES.postcodeRequired)
    expectError(await add(bearer, { addressLine1: ' ' }), 422, MESSAGES.addressLine1Required)
    expectError(await add(bearer, { town: '' }), 422, MESSAGES.townRequired)
    expectError(await add(bearer, { name: '' }), 422, MESSAGES.addressNameRequired)
    expectError(await add(bearer, { firstName: '' }), 422, MESSAGES.firstNameRequired)
    expectError(await add(bearer, { lastName: '' }), 422, MESSAGES.lastNameRequired)
    expectError(await add(bearer, { country: 'ZZ' }), 422, MESSAGES.addressCountryNotOffered)
    expectError(await add(bearer, { type: 'holiday' }), 422, MESSAGES.validationError)
    expect(await list(bearer)).toEqual([])
  })

  it("answers 404 for another member's address on update, delete and default, nothing changed", async () => {
    const owner = await member()
    const [theirs] = addressesOf(await add(owner))
    const intruder = await member()
    const id = theirs!.addressId
    expectError(
      await send('PUT', { ...HOME, addressId: id, name: 'Mine' }, intruder),
      404,
      MESSAGES.addressNotFound
    )
    expectError(
      await send('DELETE', { businessId: BUSINESS_ID, addressId: id }, intruder),
      404,
      MESSAGES.addressNotFound
    )
    expectError(
      await call(
        '/member/addresses/default',
        { businessId: BUSINESS_ID, addressId: id, isDefault: false },
        { bearer: intruder }
      ),
      404,
      MESSAGES.addressNotFound
    )
    expect(await list(intruder)).toEqual([])
    expect(await list(owner)).toEqual([theirs])
  })

  it('answers 401 to a guest token and to no token', async () => {
    const guest = await call('/oauth/token', { businessId: BUSINESS_ID, grant_type: 'guest' })
    const guestToken = (guest.json as { access_token: string }).access_token
    expect(guestToken).toBeTruthy()
    expectError(await add(guestToken), 401, MESSAGES.loginRequired)
    expectError(await add(''), 401, MESSAGES.loginRequired)
    expectError(
      await send('DELETE', { businessId: BUSINESS_ID, addressId: 1 }, guestToken),
      401,
      MESSAGES.loginRequired
    )
  })
})
