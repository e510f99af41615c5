import { afterEach, describe, expect, it, vi } from 'vitest'
import { MESSAGES } from '../../../schemas/messages.ts'
import { AppError } from '../../../worker/lib/errors.ts'
import { IdealPostcodesGeocoder } from '../../../worker/backend/location/ideal-postcodes-geocoder.ts'

const KEY = 'ak_test_secret123'

interface Call {
  url: URL
  init: RequestInit | undefined
}

/** A fetch that records each request and answers with the next queued answer. */
function mockFetch(...answers: Array<Response | Error | 'hang'>) {
  const calls: Array<Call> = []
  const fetch = (input: string, init?: RequestInit): Promise<Response> => {
    calls.push({ url: new URL(input), init })
    const answer = answers.shift()
    if (answer === undefined) return Promise.reject(new Error('unexpected request'))
    if (answer === 'hang') return new Promise<Response>(() => undefined)
    if (answer instanceof Error) return Promise.reject(answer)
    return Promise.resolve(answer)
  }
  return { fetch, calls }
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  })
}

const DOWNING_STREET = {
  postcode: 'SW1A 2AA',
  postcode_outward: 'SW1A',
  line_1: 'Prime Minister & First Lord of the Treasury',
  line_2: '10 Downing Street',
  line_3: '',
  post_town: 'LONDON',
  county: 'London',
  country: 'England',
  udprn: 23747771,
  latitude: 51.5035398826274,
  longitude: -0.127695242183412,
}
const NUMBER_11 = {
  ...DOWNING_STREET,
  line_1: 'Chancellor of the Exchequer',
  line_2: '11 Downing Street',
  udprn: 23747772,
  latitude: 51.5037,
  longitude: -0.1279,
}

function geocoder(fetch: ReturnType<typeof mockFetch>['fetch'], timeoutMs?: number) {
  return new IdealPostcodesGeocoder({
    apiKey: KEY,
    fetch,
    baseUrl: 'https://api.test/v1',
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  })
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e
  )
  expect(error).toBeInstanceOf(AppError)
  return error as AppError
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('IdealPostcodesGeocoder requests', () => {
  it('looks a postcode up with the key and the encoded postcode', async () => {
    const { fetch, calls } = mockFetch(json({ result: [DOWNING_STREET], code: 2000 }))
    await geocoder(fetch).postcodeToCoordinates('SW1A 2AA', 'GB')
    expect(calls).toHaveLength(1)
    const url = calls[0]?.url
    expect(url?.origin + (url?.pathname ?? '')).toBe('https://api.test/v1/postcodes/SW1A%202AA')
    expect(url?.searchParams.get('api_key')).toBe(KEY)
    expect(calls[0]?.init?.signal).toBeInstanceOf(AbortSignal)
  })

  it('asks for the nearest postcode with lon, lat and a limit', async () => {
    const { fetch, calls } = mockFetch(json({ result: [] }))
    await geocoder(fetch).coordinatesToPostcode({ latitude: 53.4808, longitude: -2.2426 })
    const url = calls[0]?.url
    expect(url?.pathname).toBe('/v1/postcodes')
    expect(url?.searchParams.get('lat')).toBe('53.4808')
    expect(url?.searchParams.get('lon')).toBe('-2.2426')
    expect(url?.searchParams.get('limit')).toBe('1')
    expect(url?.searchParams.get('api_key')).toBe(KEY)
  })

  it('sends the autocomplete term encoded as the query', async () => {
    const { fetch, calls } = mockFetch(json({ result: { hits: [] } }))
    await geocoder(fetch).autocomplete('10 downing & co/#', 'GB')
    const url = calls[0]?.url
    expect(url?.pathname).toBe('/v1/autocomplete/addresses')
    expect(url?.searchParams.get('query')).toBe('10 downing & co/#')
    expect(url?.search).toContain('query=10+downing+%26+co%2F%23')
    expect(url?.searchParams.get('api_key')).toBe(KEY)
  })

  it('resolves a place id on the gbr path with the id encoded', async () => {
    const { fetch, calls } = mockFetch(json({ result: DOWNING_STREET }))
    await geocoder(fetch).placeDetails('paf_23747771/../x')
    expect(calls[0]?.url.pathname).toBe('/v1/autocomplete/addresses/paf_23747771%2F..%2Fx/gbr')
  })

  it('asks nothing for a country the provider does not cover: the area table places it', async () => {
    const { fetch, calls } = mockFetch()
    const ie = geocoder(fetch)
    // Abroad, the postcode's area from the country table (ADR 052), not the provider.
    expect(await ie.postcodeToCoordinates('D01 F5P2', 'IE')).toMatchObject({
      postcode: 'D01 F5P2',
      precision: 'outcode',
    })
    expect(await ie.postcodeToCoordinates('Z99 Z999', 'IE')).toBeNull()
    expect(await ie.addressesByPostcode('D01 F5P2', 'IE')).toEqual([])
    expect(await ie.autocomplete('dublin', 'IE')).toEqual([])
    expect(calls).toHaveLength(0)
  })
})

describe('IdealPostcodesGeocoder answers', () => {
  it("maps a postcode's addresses to ours, and its point to their middle", async () => {
    const { fetch } = mockFetch(
      json({ result: [DOWNING_STREET, NUMBER_11] }),
      json({ result: [DOWNING_STREET, NUMBER_11] })
    )
    const g = geocoder(fetch)
    const location = await g.postcodeToCoordinates('SW1A 2AA', 'GB')
    expect(location?.postcode).toBe('SW1A 2AA')
    expect(location?.precision).toBe('postcode')
    expect(location?.latitude).toBeCloseTo((DOWNING_STREET.latitude + 51.5037) / 2, 9)
    expect(location?.longitude).toBeCloseTo((DOWNING_STREET.longitude - 0.1279) / 2, 9)

    const addresses = await g.addressesByPostcode('SW1A 2AA', 'GB')
    expect(addresses[0]).toEqual({
      placeId: 'paf_23747771',
      formattedAddress:
        'Prime Minister & First Lord of the Treasury, 10 Downing Street, LONDON, SW1A 2AA',
      address: {
        addressLine1: 'Prime Minister & First Lord of the Treasury',
        addressLine2: '10 Downing Street',
        town: 'LONDON',
        county: 'London',
        postcode: 'SW1A 2AA',
        country: 'GB',
      },
      latitude: DOWNING_STREET.latitude,
      longitude: DOWNING_STREET.longitude,
    })
    expect(addresses.map((a) => a.placeId)).toEqual(['paf_23747771', 'paf_23747772'])
  })

  it('maps the nearest postcode, and none near to null', async () => {
    const { fetch } = mockFetch(
      json({
        result: [{ postcode: 'M1 1AE', latitude: 53.48348, longitude: -2.23118, distance: 12.5 }],
      }),
      json({ result: [] })
    )
    const g = geocoder(fetch)
    expect(await g.coordinatesToPostcode({ latitude: 53.4835, longitude: -2.2312 })).toEqual({
      postcode: 'M1 1AE',
      latitude: 53.48348,
      longitude: -2.23118,
      precision: 'postcode',
    })
    expect(await g.coordinatesToPostcode({ latitude: 0, longitude: 0 })).toBeNull()
  })

  it("lists a point's nearest postcode's addresses nearest first", async () => {
    const { fetch, calls } = mockFetch(
      json({ result: [{ postcode: 'SW1A 2AA', latitude: 51.5036, longitude: -0.1278 }] }),
      json({ result: [DOWNING_STREET, NUMBER_11] })
    )
    const addresses = await geocoder(fetch).addressesByCoordinates({
      latitude: 51.5037,
      longitude: -0.1279,
    })
    expect(addresses.map((a) => a.address.addressLine2)).toEqual([
      '11 Downing Street',
      '10 Downing Street',
    ])
    expect(calls[1]?.url.pathname).toBe('/v1/postcodes/SW1A%202AA')
  })

  it('maps autocomplete hits to suggestions without coordinates', async () => {
    const { fetch } = mockFetch(
      json({
        result: {
          hits: [
            {
              id: 'paf_23747771',
              suggestion: '10 Downing Street, London, SW1A',
              udprn: 23747771,
              urls: { udprn: '/v1/udprn/23747771' },
            },
          ],
        },
        code: 2000,
        message: 'Success',
      })
    )
    expect(await geocoder(fetch).autocomplete('10 downing', 'GB')).toEqual([
      { description: '10 Downing Street, London, SW1A', placeId: 'paf_23747771' },
    ])
  })

  it('maps a resolved address to place details', async () => {
    const { fetch } = mockFetch(json({ result: { ...DOWNING_STREET, county: '' } }))
    const place = await geocoder(fetch).placeDetails('paf_23747771')
    expect(place).toMatchObject({
      placeId: 'paf_23747771',
      latitude: DOWNING_STREET.latitude,
      longitude: DOWNING_STREET.longitude,
      address: { postcode: 'SW1A 2AA', town: 'LONDON', county: null, country: 'GB' },
    })
  })

  it('answers null or nothing for a 404', async () => {
    const notFound = () => json({ code: 4040, message: 'Postcode not found' }, 404)
    const { fetch } = mockFetch(notFound(), notFound(), notFound())
    const g = geocoder(fetch)
    expect(await g.postcodeToCoordinates('ZZ9 9ZZ', 'GB')).toBeNull()
    expect(await g.addressesByPostcode('ZZ9 9ZZ', 'GB')).toEqual([])
    expect(await g.placeDetails('paf_0')).toBeNull()
  })
})

describe('IdealPostcodesGeocoder failures', () => {
  it.each([
    ['a 500', () => json({ code: 5000, message: 'Internal error' }, 500)],
    ['a 401 (bad key)', () => json({ code: 4010, message: 'Invalid key' }, 401)],
    ['a 402 (no balance)', () => json({ code: 4020, message: 'Balance depleted' }, 402)],
    ['a network error', () => new TypeError(`fetch failed for ?api_key=${KEY}`)],
    ['a body that is not JSON', () => new Response('<html>oops</html>', { status: 200 })],
    ['JSON of the wrong shape', () => json({ result: [{ postcode: 42 }] })],
  ] as const)('turns %s into upstream_error without leaking the key', async (_, answer) => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { fetch } = mockFetch(answer())
    const error = await failure(geocoder(fetch).postcodeToCoordinates('SW1A 2AA', 'GB'))
    expect(error.code).toBe('upstream_error')
    expect(error.message).toBe(MESSAGES.locationServiceFailed)
    expect(error.status).toBe(502)
    expect(log).toHaveBeenCalledTimes(1)
    const logged = String(log.mock.calls[0]?.[0])
    expect(logged).toContain('ideal-postcodes')
    expect(logged).not.toContain(KEY)
    expect(JSON.stringify(error.toEnvelope())).not.toContain(KEY)
  })

  it('gives up after the timeout with upstream_error and aborts the request', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { fetch, calls } = mockFetch('hang')
    const started = Date.now()
    const error = await failure(geocoder(fetch, 50).autocomplete('10 downing', 'GB'))
    expect(error.code).toBe('upstream_error')
    expect(Date.now() - started).toBeLessThan(2000)
    expect(calls[0]?.init?.signal?.aborted).toBe(true)
  })

  it('waits 3 seconds by default', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    vi.useFakeTimers()
    try {
      const { fetch } = mockFetch('hang')
      const pending = failure(geocoder(fetch).placeDetails('paf_1'))
      await vi.advanceTimersByTimeAsync(2900)
      let settled = false
      void pending.then(() => (settled = true))
      await vi.advanceTimersByTimeAsync(0)
      expect(settled).toBe(false)
      await vi.advanceTimersByTimeAsync(200)
      expect((await pending).code).toBe('upstream_error')
    } finally {
      vi.useRealTimers()
    }
  })
})
