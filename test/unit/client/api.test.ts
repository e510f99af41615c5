import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiRequestError, fetchAddressSuggestions } from '../../../client/lib/api.ts'
import { LOCATION_API } from '../../../client/lib/api-paths.ts'
import { deviceLocationSearchPath } from '../../../client/lib/device-location.ts'
import { jsonAnswer } from '../../support/fetch.ts'

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('fetchAddressSuggestions', () => {
  it('posts the term to the autocomplete call and keeps well-formed suggestions', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
      jsonAnswer(200, {
        suggestions: [
          { description: '10 Canal Street, Manchester, M1 3HE', placeId: 'demo-m13he-10' },
          { description: 'no place id' },
          {
            description: '4 Mill Street, Manchester, M4 6ED',
            placeId: 'demo-m46ed-4',
            postcode: 'M4 6ED',
            latitude: 53.48,
            longitude: -2.22,
          },
        ],
      })
    )
    vi.stubGlobal('fetch', fetchMock)
    const suggestions = await fetchAddressSuggestions('canal st')
    expect(fetchMock).toHaveBeenCalledOnce()
    const [url, init] = fetchMock.mock.calls[0] ?? []
    expect(url).toBe(LOCATION_API.autocomplete)
    expect(init?.method).toBe('POST')
    expect(JSON.parse(String(init?.body))).toEqual({ term: 'canal st', country: 'GB' })
    expect(suggestions.map((suggestion) => suggestion.placeId)).toEqual([
      'demo-m13he-10',
      'demo-m46ed-4',
    ])
  })

  it('asks in the country the page was rendered for (a Dutch brand’s, not the UK’s)', async () => {
    vi.stubGlobal('document', {
      documentElement: { lang: 'nl-NL', dataset: { currency: 'EUR', country: 'NL' } },
    })
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
      jsonAnswer(200, { suggestions: [] })
    )
    vi.stubGlobal('fetch', fetchMock)
    await fetchAddressSuggestions('oudegracht')
    const [, init] = fetchMock.mock.calls[0] ?? []
    expect(JSON.parse(String(init?.body))).toEqual({ term: 'oudegracht', country: 'NL' })
  })

  it("throws the envelope's message when the call fails", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonAnswer(422, { error: { code: 'validation_error', message: 'Not a valid address' } })
      )
    )
    const failure = await fetchAddressSuggestions('x').catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(ApiRequestError)
    expect((failure as ApiRequestError).message).toBe('Not a valid address')
    expect((failure as ApiRequestError).status).toBe(422)
  })

  it('treats an answer without a suggestions list as a system error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonAnswer(200, { results: [] }))
    )
    await expect(fetchAddressSuggestions('canal')).rejects.toThrow(
      'There was an error on the system. Please try again.'
    )
  })
})

describe('deviceLocationSearchPath', () => {
  it('turns the position into the store search flow URL', async () => {
    vi.stubGlobal('navigator', {
      geolocation: {
        getCurrentPosition: (
          success: (position: { coords: { latitude: number; longitude: number } }) => void
        ) =>
          success({
            coords: { latitude: 53.480812, longitude: -2.242631 },
          }),
      },
    })
    const path = await deviceLocationSearchPath('address')
    const url = new URL(path, 'https://shop.example')
    expect(url.pathname).toBe('/stores-near-by')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      lat: '53.48081',
      lng: '-2.24263',
      source: 'device',
      variant: 'address',
    })
  })

  it("rejects with the variant's spec message when the browser refuses", async () => {
    vi.stubGlobal('navigator', {
      geolocation: {
        getCurrentPosition: (_success: unknown, failure: () => void) => failure(),
      },
    })
    await expect(deviceLocationSearchPath('address')).rejects.toThrow(
      'Unable to find your location, try manually adding your address'
    )
  })

  it('rejects when the browser has no geolocation at all', async () => {
    vi.stubGlobal('navigator', {})
    await expect(deviceLocationSearchPath('postcode')).rejects.toThrow(
      'Unable to find your location, try manually adding your postcode'
    )
  })
})
