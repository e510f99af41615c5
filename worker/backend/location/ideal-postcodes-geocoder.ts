import { z } from 'zod'
import { DEFAULT_COUNTRY_CODE } from '../../../schemas/constants.ts'
import type {
  AutocompleteSuggestion,
  Coordinates,
  LocatedAddress,
  PlaceDetails,
  PostcodeLocation,
} from '../../../schemas/location.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { AppError } from '../../lib/errors.ts'
import { logError } from '../../lib/log.ts'
import { distanceKm } from '../geo.ts'
import type { Geocoder } from './geocoder.ts'
import { placeByArea } from './country-areas.ts'

export const IDEAL_POSTCODES_BASE_URL = 'https://api.ideal-postcodes.co.uk/v1'
const DEFAULT_TIMEOUT_MS = 3000
const AUTOCOMPLETE_LIMIT = 8
// The provider's default reverse-geocoding radius is 100 m; a phone's fix can be further off.
const NEAREST_POSTCODE_RADIUS_M = 2000

export interface IdealPostcodesOptions {
  apiKey: string
  fetch: (input: string, init?: RequestInit) => Promise<Response>
  baseUrl?: string
  timeoutMs?: number
}

// The fields of a PAF address we use; the provider sends many more.
const ProviderAddressSchema = z.object({
  postcode: z.string(),
  line_1: z.string(),
  line_2: z.string().optional().default(''),
  line_3: z.string().optional().default(''),
  post_town: z.string(),
  county: z.string().optional().default(''),
  latitude: z.number(),
  longitude: z.number(),
  udprn: z.union([z.number(), z.string()]).optional(),
})
type ProviderAddress = z.infer<typeof ProviderAddressSchema>

const AddressesAnswerSchema = z.object({ result: z.array(ProviderAddressSchema) })
const NearestPostcodesAnswerSchema = z.object({
  result: z.array(z.object({ postcode: z.string(), latitude: z.number(), longitude: z.number() })),
})
const AutocompleteAnswerSchema = z.object({
  result: z.object({
    hits: z.array(z.object({ id: z.string(), suggestion: z.string() })),
  }),
})
const ResolvedAddressAnswerSchema = z.object({ result: ProviderAddressSchema })

function joinParts(parts: ReadonlyArray<string>): string {
  return parts.filter((part) => part.trim() !== '').join(', ')
}

function locatedAddress(address: ProviderAddress, placeId: string): LocatedAddress {
  const addressLine2 = joinParts([address.line_2, address.line_3])
  return {
    placeId,
    formattedAddress: joinParts([
      address.line_1,
      address.line_2,
      address.line_3,
      address.post_town,
      address.postcode,
    ]),
    address: {
      addressLine1: address.line_1,
      addressLine2: addressLine2 === '' ? null : addressLine2,
      town: address.post_town,
      county: address.county === '' ? null : address.county,
      postcode: address.postcode,
      country: DEFAULT_COUNTRY_CODE,
    },
    latitude: address.latitude,
    longitude: address.longitude,
  }
}

// A PAF address has a UDPRN; the resolve endpoint takes it as 'paf_<udprn>' (the id an
// autocomplete hit carries), so either route leads to the same place id.
function placeIdOf(address: ProviderAddress, index: number): string {
  return address.udprn === undefined
    ? `${address.postcode.replace(/\s+/g, '')}-${index}`
    : `paf_${address.udprn}`
}

type Failure = 'timeout' | 'network' | 'status' | 'answer'

class ProviderFailure extends Error {
  constructor(
    readonly failure: Failure,
    readonly status?: number
  ) {
    super(`ideal-postcodes ${failure}${status === undefined ? '' : ` ${status}`}`)
  }
}

/**
 * The real geocoder: the Ideal Postcodes API (UK addresses from Royal Mail's PAF, with
 * coordinates) over fetch. "Not found" answers null or []; anything else the provider does wrong
 * (no answer in time, network error, error status, an answer of the wrong shape) is logged without
 * the key and surfaces as upstream_error with the service-failed message.
 */
export class IdealPostcodesGeocoder implements Geocoder {
  private readonly apiKey: string
  private readonly fetch: IdealPostcodesOptions['fetch']
  private readonly baseUrl: string
  private readonly timeoutMs: number

  constructor(options: IdealPostcodesOptions) {
    this.apiKey = options.apiKey
    this.fetch = options.fetch
    this.baseUrl = (options.baseUrl ?? IDEAL_POSTCODES_BASE_URL).replace(/\/+$/, '')
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  }

  async postcodeToCoordinates(postcode: string, country: string): Promise<PostcodeLocation | null> {
    // Ideal Postcodes knows the UK only; other countries fall back to the local areas (ADR 052).
    if (country.toUpperCase() !== DEFAULT_COUNTRY_CODE) return placeByArea(postcode, country)
    const addresses = await this.postcodeAddresses(postcode, country)
    if (addresses.length === 0) return null
    // The postcode's point is the middle of its delivery points.
    const latitude = addresses.reduce((sum, a) => sum + a.latitude, 0) / addresses.length
    const longitude = addresses.reduce((sum, a) => sum + a.longitude, 0) / addresses.length
    return {
      postcode: addresses[0]?.postcode ?? postcode,
      latitude,
      longitude,
      precision: 'postcode',
    }
  }

  async coordinatesToPostcode(coords: Coordinates): Promise<PostcodeLocation | null> {
    const answer = await this.get(
      '/postcodes',
      {
        lon: String(coords.longitude),
        lat: String(coords.latitude),
        limit: '1',
        radius: String(NEAREST_POSTCODE_RADIUS_M),
      },
      NearestPostcodesAnswerSchema
    )
    const nearest = answer?.result[0]
    if (!nearest) return null
    const { postcode, latitude, longitude } = nearest
    return { postcode, latitude, longitude, precision: 'postcode' }
  }

  async addressesByPostcode(postcode: string, country: string): Promise<Array<LocatedAddress>> {
    const addresses = await this.postcodeAddresses(postcode, country)
    return addresses.map((address, index) => locatedAddress(address, placeIdOf(address, index)))
  }

  async addressesByCoordinates(coords: Coordinates): Promise<Array<LocatedAddress>> {
    const nearest = await this.coordinatesToPostcode(coords)
    if (!nearest) return []
    const addresses = await this.addressesByPostcode(nearest.postcode, DEFAULT_COUNTRY_CODE)
    return addresses
      .map((address) => ({ address, km: distanceKm(coords, address) }))
      .sort((a, b) => a.km - b.km)
      .map(({ address }) => address)
  }

  async autocomplete(term: string, country: string): Promise<Array<AutocompleteSuggestion>> {
    if (country.toUpperCase() !== DEFAULT_COUNTRY_CODE) return []
    const answer = await this.get(
      '/autocomplete/addresses',
      { query: term, limit: String(AUTOCOMPLETE_LIMIT) },
      AutocompleteAnswerSchema
    )
    return (answer?.result.hits ?? []).map((hit) => ({
      description: hit.suggestion,
      placeId: hit.id,
    }))
  }

  async placeDetails(placeId: string): Promise<PlaceDetails | null> {
    const answer = await this.get(
      `/autocomplete/addresses/${encodeURIComponent(placeId)}/gbr`,
      {},
      ResolvedAddressAnswerSchema
    )
    if (!answer) return null
    const { formattedAddress, address, latitude, longitude } = locatedAddress(
      answer.result,
      placeId
    )
    return { placeId, formattedAddress, address, latitude, longitude }
  }

  private async postcodeAddresses(
    postcode: string,
    country: string
  ): Promise<Array<ProviderAddress>> {
    if (country.toUpperCase() !== DEFAULT_COUNTRY_CODE) return []
    const answer = await this.get(
      `/postcodes/${encodeURIComponent(postcode)}`,
      {},
      AddressesAnswerSchema
    )
    return answer?.result ?? []
  }

  /** The parsed answer, null for a 404, or upstream_error. */
  private async get<S extends z.ZodType>(
    path: string,
    query: Record<string, string>,
    schema: S
  ): Promise<z.output<S> | null> {
    const url = new URL(`${this.baseUrl}${path}`)
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value)
    url.searchParams.set('api_key', this.apiKey)
    try {
      const body = await this.request(url.toString())
      if (body === null) return null
      const parsed = schema.safeParse(body)
      if (!parsed.success) throw new ProviderFailure('answer')
      return parsed.data
    } catch (error) {
      const failure = error instanceof ProviderFailure ? error : new ProviderFailure('network')
      // Only the path: the query carries the key and what the shopper typed.
      logError(failure, { provider: 'ideal-postcodes', path })
      throw new AppError('upstream_error', MESSAGES.locationServiceFailed)
    }
  }

  // Races the whole exchange (headers and body) against the timeout; an injected fetch that
  // ignores the abort signal still cannot hold the request open.
  private async request(url: string): Promise<unknown> {
    const controller = new AbortController()
    let timer: ReturnType<typeof setTimeout> | undefined
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort()
        reject(new ProviderFailure('timeout'))
      }, this.timeoutMs)
    })
    const exchange = (async () => {
      let response: Response
      try {
        response = await this.fetch(url, {
          headers: { accept: 'application/json' },
          signal: controller.signal,
        })
      } catch {
        throw new ProviderFailure('network')
      }
      if (response.status === 404) {
        await response.body?.cancel()
        return null
      }
      if (!response.ok) {
        await response.body?.cancel()
        throw new ProviderFailure('status', response.status)
      }
      try {
        return (await response.json()) as unknown
      } catch {
        throw new ProviderFailure('answer')
      }
    })()
    try {
      return await Promise.race([exchange, timeout])
    } finally {
      if (timer !== undefined) clearTimeout(timer)
      // The losing side of the race must not surface as an unhandled rejection.
      exchange.catch(() => undefined)
    }
  }
}
