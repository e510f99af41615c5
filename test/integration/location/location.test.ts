import { env } from 'cloudflare:test'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  AddressListSchema,
  AutocompleteResultSchema,
  PlaceDetailsSchema,
  PostcodeLocationSchema,
} from '../../../schemas/location.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { distanceKm } from '../../../worker/backend/geo.ts'
import {
  addressRows,
  countInterest,
  expectError,
  post,
  seedLocation,
  type AddressRow,
} from './fixtures.ts'

beforeAll(async () => {
  await seedLocation(env.DB)
})

afterEach(() => {
  vi.restoreAllMocks()
})

describe('POST /location/postcode-to-coordinates', () => {
  it("answers a known postcode's own point, however it was typed", async () => {
    const res = await post('/location/postcode-to-coordinates', {
      businessId: 1,
      postcode: ' m11ae ',
    })
    expect(res.status).toBe(200)
    expect(PostcodeLocationSchema.parse(res.json)).toEqual({
      postcode: 'M1 1AE',
      latitude: 53.48348,
      longitude: -2.23118,
      precision: 'postcode',
    })
  })

  it("answers its district's centre for a postcode only the outcode is known of", async () => {
    const res = await post('/location/postcode-to-coordinates', {
      businessId: '1',
      postcode: 'SW1A 1AA',
      country: 'gb',
    })
    expect(res.status).toBe(200)
    expect(res.json).toEqual({
      postcode: 'SW1A 1AA',
      latitude: 51.50505,
      longitude: -0.13741,
      precision: 'outcode',
    })
  })

  it('answers 404 "Unable to find location" for a well-formed postcode nobody knows', async () => {
    const res = await post('/location/postcode-to-coordinates', {
      businessId: 1,
      postcode: 'ZZ9 9ZZ',
    })
    expectError(res, 404, 'not_found', MESSAGES.locationNotFound)
  })

  it.each([
    ['', MESSAGES.postcodeRequired],
    ['   ', MESSAGES.postcodeRequired],
    [undefined, MESSAGES.postcodeRequired],
    ['ZZ99', 'ZZ99 is not a valid postcode'],
    [' m1 1a ', 'm1 1a is not a valid postcode'],
    ['M1 1AE M1', 'M1 1AE M1 is not a valid postcode'],
  ])('rejects postcode %j with the spec message', async (postcode, message) => {
    const res = await post('/location/postcode-to-coordinates', { businessId: 1, postcode })
    const error = expectError(res, 422, 'validation_error', message)
    expect(error.fields).toEqual([{ field: 'postcode', message }])
  })

  it("checks the postcode against the business's own rules", async () => {
    // Business 2 serves Manchester only; business 1 takes any UK postcode.
    expectError(
      await post('/location/postcode-to-coordinates', { businessId: 2, postcode: 'SW1A 1AA' }),
      422,
      'validation_error',
      'SW1A 1AA is not a valid postcode'
    )
    expect(
      (await post('/location/postcode-to-coordinates', { businessId: 2, postcode: 'm1 1ae' }))
        .status
    ).toBe(200)
    // An Irish code passes business 2's IE rule; the local area table has no A65 (ADR 052).
    expectError(
      await post('/location/postcode-to-coordinates', {
        businessId: 2,
        postcode: 'a65 f4e2',
        country: 'IE',
      }),
      404,
      'not_found',
      MESSAGES.locationNotFound
    )
    // Business 1 has no IE rule: it does not serve Ireland.
    expectError(
      await post('/location/postcode-to-coordinates', {
        businessId: 1,
        postcode: 'D01 F5P2',
        country: 'IE',
      }),
      422,
      'validation_error',
      'D01 F5P2 is not a valid postcode'
    )
  })

  it('rejects a bad businessId or country with the generic message', async () => {
    expectError(
      await post('/location/postcode-to-coordinates', { businessId: 'x', postcode: 'M1 1AE' }),
      422,
      'validation_error',
      MESSAGES.validationError
    )
    expectError(
      await post('/location/postcode-to-coordinates', {
        businessId: 1,
        postcode: 'M1 1AE',
        country: 'GBR',
      }),
      422,
      'validation_error',
      MESSAGES.validationError
    )
  })
})

describe('POST /location/coordinates-to-postcode', () => {
  it('answers the postcode at a point, coordinates given as strings or numbers', async () => {
    for (const coords of [
      { latitude: 53.48348, longitude: -2.23118 },
      { latitude: '53.48348', longitude: '-2.23118' },
    ]) {
      const res = await post('/location/coordinates-to-postcode', { businessId: 1, coords })
      expect(res.status).toBe(200)
      expect(res.json).toEqual({
        postcode: 'M1 1AE',
        latitude: 53.48348,
        longitude: -2.23118,
        precision: 'postcode',
      })
    }
  })

  it('answers the same nearest postcode as a scan of every postcode would', async () => {
    const { results } = await env.DB.prepare(
      'select postcode, latitude, longitude from geo_postcodes'
    ).all<{ postcode: string; latitude: number; longitude: number }>()
    const points = [
      { latitude: 53.4794, longitude: -2.2453 },
      { latitude: 53.4701, longitude: -2.2302 },
      { latitude: 53.4862, longitude: -2.2571 },
      { latitude: 53.4633, longitude: -2.2119 },
    ]
    for (const point of points) {
      const nearestKm = Math.min(...results.map((row) => distanceKm(point, row)))
      const res = await post('/location/coordinates-to-postcode', { businessId: 1, coords: point })
      expect(res.status).toBe(200)
      const found = PostcodeLocationSchema.parse(res.json)
      expect(results.map((row) => row.postcode)).toContain(found.postcode)
      expect(distanceKm(point, found)).toBeCloseTo(nearestKm, 9)
    }
  })

  it('answers 404 "Unable to find location" where no postcode is near', async () => {
    // Central London: the local data knows only central Manchester postcodes.
    const res = await post('/location/coordinates-to-postcode', {
      businessId: 1,
      coords: { latitude: 51.5074, longitude: -0.1278 },
    })
    expectError(res, 404, 'not_found', MESSAGES.locationNotFound)
  })

  it.each([
    [{ latitude: 'north', longitude: -2.2 }],
    [{ latitude: 91, longitude: -2.2 }],
    [{ latitude: 53.4, longitude: -181 }],
    [{ latitude: 53.4 }],
  ])('rejects coordinates %j', async (coords) => {
    const res = await post('/location/coordinates-to-postcode', { businessId: 1, coords })
    expectError(res, 422, 'validation_error', MESSAGES.locationNotFound)
  })

  it('rejects a request without coords', async () => {
    const res = await post('/location/coordinates-to-postcode', { businessId: 1 })
    expect(res.status).toBe(422)
  })
})

describe('POST /location/addresses-by-postcode', () => {
  it("lists a postcode's addresses in house-number order", async () => {
    const [first] = await addressRows()
    const postcode = first?.postcode ?? ''
    const expected = await addressRows('postcode = ?1', postcode)
    const res = await post('/location/addresses-by-postcode', {
      businessId: 1,
      postcode: postcode.replace(' ', '').toLowerCase(),
      country: 'GB',
    })
    expect(res.status).toBe(200)
    const { addresses } = AddressListSchema.parse(res.json)
    expect(addresses.map((a) => a.placeId).sort()).toEqual(expected.map((r) => r.place_id).sort())
    const numbers = addresses.map((a) => Number.parseInt(a.address.addressLine1, 10))
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b))
    expect(addresses[0]?.address).toMatchObject({
      town: 'Manchester',
      county: 'Greater Manchester',
      postcode,
      country: 'GB',
    })
    expect(addresses[0]?.formattedAddress).toContain(postcode)
  })

  it('answers an empty list for a postcode without demo addresses', async () => {
    const row = await env.DB.prepare(
      `select postcode from geo_postcodes
       where postcode not in (select postcode from geo_addresses) order by postcode limit 1`
    ).first<{ postcode: string }>()
    const res = await post('/location/addresses-by-postcode', {
      businessId: 1,
      postcode: row?.postcode,
    })
    expect(res.status).toBe(200)
    expect(res.json).toEqual({ addresses: [] })
  })

  it('rejects an empty or invalid postcode with the spec message', async () => {
    expectError(
      await post('/location/addresses-by-postcode', { businessId: 1, postcode: '' }),
      422,
      'validation_error',
      MESSAGES.postcodeRequired
    )
    expectError(
      await post('/location/addresses-by-postcode', { businessId: 1, postcode: 'ZZ99' }),
      422,
      'validation_error',
      'ZZ99 is not a valid postcode'
    )
  })
})

describe('POST /location/addresses-by-coordinates', () => {
  it('lists the addresses near a point nearest first (latitude and longitude as strings)', async () => {
    // A point only one postcode has (some large-user postcodes share theirs).
    const [target] = await addressRows(
      `(select count(*) from geo_postcodes p
        where p.latitude = geo_addresses.latitude and p.longitude = geo_addresses.longitude) = 1`
    )
    const point = { latitude: target?.latitude ?? 0, longitude: target?.longitude ?? 0 }
    const res = await post('/location/addresses-by-coordinates', {
      businessId: '1',
      latitude: String(point.latitude),
      longitude: String(point.longitude),
    })
    expect(res.status).toBe(200)
    const { addresses } = AddressListSchema.parse(res.json)
    expect(addresses.length).toBeGreaterThan(0)
    expect(addresses.length).toBeLessThanOrEqual(10)
    expect(addresses[0]?.address.postcode).toBe(target?.postcode)
    expect(addresses.map((a) => a.placeId)).toContain(target?.place_id)
    const distances = addresses.map((a) => distanceKm(point, a))
    expect(distances).toEqual([...distances].sort((a, b) => a - b))
    expect(Math.max(...distances)).toBeLessThanOrEqual(1)
  })

  it('answers an empty list where there are no addresses (the toast case)', async () => {
    const res = await post('/location/addresses-by-coordinates', {
      businessId: 1,
      latitude: '57.14',
      longitude: '-2.11',
    })
    expect(res.status).toBe(200)
    expect(res.json).toEqual({ addresses: [] })
  })

  it('rejects coordinates that are not numbers', async () => {
    const res = await post('/location/addresses-by-coordinates', {
      businessId: 1,
      latitude: 'here',
      longitude: '-2.2',
    })
    expectError(res, 422, 'validation_error', MESSAGES.locationNotFound)
  })
})

async function suggest(term: unknown) {
  const res = await post('/location/autocomplete', { businessId: 1, term })
  expect(res.status).toBe(200)
  return AutocompleteResultSchema.parse(res.json).suggestions
}

describe('POST /location/autocomplete', () => {
  let sample: AddressRow
  beforeAll(async () => {
    const rows = await addressRows("address_line1 like '% Station Road'")
    if (!rows[0]) throw new Error('the demo data has no Station Road address')
    sample = rows[0]
  })

  it('finds house number and street from their starts ("12 sta")', async () => {
    const number = Number.parseInt(sample.address_line1, 10)
    const suggestions = await suggest(`${number} sta`)
    expect(suggestions[0]?.description.startsWith(`${number} Station Road,`)).toBe(true)
    expect(suggestions.length).toBeLessThanOrEqual(8)
    for (const s of suggestions) expect(s.description.toLowerCase()).toMatch(/\bsta/)
  })

  it('finds a street by its abbreviation ("station rd"), with postcode and coordinates', async () => {
    const suggestions = await suggest('station rd')
    expect(suggestions).toHaveLength(8)
    for (const s of suggestions) {
      expect(s.description).toContain('Station Road')
      expect(s.postcode).toMatch(/^M\d+ \d[A-Z]{2}$/)
      expect(typeof s.latitude).toBe('number')
      expect(typeof s.longitude).toBe('number')
    }
  })

  it('puts the addresses of a typed postcode start first ("M1 1")', async () => {
    const postcode = sample.postcode
    const start = postcode.slice(0, postcode.indexOf(' ') + 2)
    const suggestions = await suggest(start)
    expect(suggestions.length).toBeGreaterThan(0)
    expect(suggestions[0]?.postcode?.startsWith(start)).toBe(true)
    const all = await addressRows('substr(postcode, 1, length(?1)) = ?1', start)
    const matching = suggestions.filter((s) => s.postcode?.startsWith(start))
    expect(matching.length).toBe(Math.min(8, all.length))
  })

  it('finds a full postcode typed without its space', async () => {
    const suggestions = await suggest(sample.postcode.replace(' ', '').toLowerCase())
    const expected = await addressRows('postcode = ?1', sample.postcode)
    expect(suggestions.slice(0, expected.length).map((s) => s.postcode)).toEqual(
      expected.map(() => sample.postcode)
    )
    expect(suggestions.map((s) => s.placeId)).toEqual(
      expect.arrayContaining(expected.map((r) => r.place_id))
    )
  })

  it('finds addresses by town', async () => {
    const suggestions = await suggest('manch')
    expect(suggestions).toHaveLength(8)
    for (const s of suggestions) expect(s.description).toContain('Manchester')
  })

  it('answers an empty list when nothing matches, and for FTS5 syntax typed as text', async () => {
    expect(await suggest('zzzqqq')).toEqual([])
    expect(await suggest('"')).toEqual([])
    expect(await suggest('NEAR(station* OR')).toEqual([])
  })

  it.each([[''], ['   '], [undefined], [42]])(
    'rejects term %j with "Not a valid address"',
    async (term) => {
      const res = await post('/location/autocomplete', { businessId: 1, term })
      const error = expectError(res, 422, 'validation_error', MESSAGES.addressInvalid)
      expect(error.fields?.[0]?.field).toBe('term')
    }
  )
})

describe('POST /location/place-details', () => {
  it("answers a suggestion's address and coordinates", async () => {
    const [row] = await addressRows()
    const res = await post('/location/place-details', { businessId: 1, placeId: row?.place_id })
    expect(res.status).toBe(200)
    const place = PlaceDetailsSchema.parse(res.json)
    expect(place).toMatchObject({
      placeId: row?.place_id,
      formattedAddress: row?.description,
      latitude: row?.latitude,
      longitude: row?.longitude,
      address: { addressLine1: row?.address_line1, postcode: row?.postcode, country: 'GB' },
    })
  })

  it('answers 404 with the spec message for an unknown place', async () => {
    const res = await post('/location/place-details', { businessId: 1, placeId: 'demo-nowhere' })
    expectError(res, 404, 'not_found', MESSAGES.addressInfoFailed)
  })

  it('rejects an empty placeId with "Not a valid address"', async () => {
    const res = await post('/location/place-details', { businessId: 1, placeId: '' })
    expectError(res, 422, 'validation_error', MESSAGES.addressInvalid)
  })
})

describe('POST /location/interest', () => {
  it('records the request once, normalised, with the brand', async () => {
    const before = await countInterest()
    const res = await post('/location/interest', {
      businessId: 1,
      brandId: 3,
      email: ' Shopper@Example.COM ',
      postcode: 'sw1a1aa',
      country: 'GB',
    })
    expect(res.status).toBe(200)
    expect(res.json).toEqual({ registered: true })
    expect(await countInterest()).toBe(before + 1)
    const row = await env.DB.prepare(
      `select business_id, brand_id, email, postcode from interest_requests
       where email = 'shopper@example.com'`
    ).first()
    expect(row).toEqual({
      business_id: 1,
      brand_id: 3,
      email: 'shopper@example.com',
      postcode: 'SW1A 1AA',
    })

    // Asking again, typed differently, is not an error and writes nothing new.
    const again = await post('/location/interest', {
      businessId: 1,
      email: 'shopper@example.com',
      postcode: 'SW1A 1AA',
    })
    expect(again.status).toBe(200)
    expect(await countInterest()).toBe(before + 1)
  })

  it.each([
    [{ email: 'not-an-email', postcode: 'M1 1AE' }, 422, MESSAGES.emailInvalid],
    [{ postcode: 'M1 1AE' }, 422, MESSAGES.emailInvalid],
    [{ email: 'a@b.co', postcode: '' }, 422, MESSAGES.postcodeRequired],
    [{ email: 'a@b.co', postcode: 'ZZ99' }, 422, 'ZZ99 is not a valid postcode'],
    [{ email: 'a@b.co', postcode: 'M1 1AE', brandId: 20 }, 422, MESSAGES.validationError],
    [{ email: 'a@b.co', postcode: 'M1 1AE', brandId: 0 }, 422, MESSAGES.validationError],
  ])('rejects %j and writes nothing', async (input, status, message) => {
    const before = await countInterest()
    const res = await post('/location/interest', { businessId: 1, ...input })
    expectError(res, status, 'validation_error', message)
    expect(await countInterest()).toBe(before)
  })

  it('answers 404 for an unknown business and writes nothing', async () => {
    const before = await countInterest()
    const res = await post('/location/interest', {
      businessId: 999,
      email: 'a@b.co',
      postcode: 'M1 1AE',
    })
    expectError(res, 404, 'not_found', MESSAGES.businessNotFound)
    expect(await countInterest()).toBe(before)
  })

  it("checks the postcode with the business's own rule", async () => {
    const before = await countInterest()
    expectError(
      await post('/location/interest', { businessId: 2, email: 'a@b.co', postcode: 'SW1A 1AA' }),
      422,
      'validation_error',
      'SW1A 1AA is not a valid postcode'
    )
    expect(await countInterest()).toBe(before)
    const res = await post('/location/interest', {
      businessId: 2,
      brandId: 20,
      email: 'a@b.co',
      postcode: 'M1 1AE',
    })
    expect(res.status).toBe(200)
    expect(await countInterest()).toBe(before + 1)
  })
})

describe('the configured provider', () => {
  const KEY = 'ak_integration_secret'
  const provider = { ...env, GEOCODER_PROVIDER: 'ideal-postcodes', GEOCODER_API_KEY: KEY }

  it('asks Ideal Postcodes when configured and answers in our shape', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      Response.json({
        result: {
          hits: [{ id: 'paf_8787', suggestion: '2 Station Road, Manchester, M1', udprn: 8787 }],
        },
      })
    )
    const res = await post('/location/autocomplete', { businessId: 1, term: '2 sta' }, provider)
    expect(res.status).toBe(200)
    expect(res.json).toEqual({
      suggestions: [{ description: '2 Station Road, Manchester, M1', placeId: 'paf_8787' }],
    })
    const url = new URL(String(fetch.mock.calls[0]?.[0]))
    expect(url.origin).toBe('https://api.ideal-postcodes.co.uk')
    expect(url.pathname).toBe('/v1/autocomplete/addresses')
    expect(url.searchParams.get('query')).toBe('2 sta')
    expect(url.searchParams.get('api_key')).toBe(KEY)
  })

  it('answers 502 with the service message when the provider fails, never its details', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      Response.json({ code: 5000, message: `internal failure for ${KEY}` }, { status: 503 })
    )
    const res = await post(
      '/location/postcode-to-coordinates',
      { businessId: 1, postcode: 'M1 1AE' },
      provider
    )
    expectError(res, 502, 'upstream_error', MESSAGES.locationServiceFailed)
    expect(JSON.stringify(res.json)).not.toContain(KEY)
    expect(JSON.stringify(res.json)).not.toContain('internal failure')
  })

  it('answers 502 and logs the configuration error when the key is missing', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const fetch = vi.spyOn(globalThis, 'fetch')
    const res = await post(
      '/location/place-details',
      { businessId: 1, placeId: 'paf_1' },
      { ...env, GEOCODER_PROVIDER: 'ideal-postcodes' }
    )
    expectError(res, 502, 'upstream_error', MESSAGES.locationServiceFailed)
    expect(fetch).not.toHaveBeenCalled()
    expect(log.mock.calls.map((call) => String(call[0])).join('\n')).toContain('GEOCODER_API_KEY')
  })

  it('still validates input before it asks the provider', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch')
    const res = await post(
      '/location/postcode-to-coordinates',
      { businessId: 1, postcode: '' },
      provider
    )
    expectError(res, 422, 'validation_error', MESSAGES.postcodeRequired)
    expect(fetch).not.toHaveBeenCalled()
  })
})
