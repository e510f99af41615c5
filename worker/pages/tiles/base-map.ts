import type { Context } from 'hono'
import manchesterPostcodesCsv from '../../../data/uk-postcodes-manchester-central.csv?raw'
import outcodesCsv from '../../../data/uk-outcodes.csv?raw'
import { BASE_MAP_BBOX_PARAM } from '../../../client/lib/tracking-map.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import type { AppEnv } from '../../env.ts'
import { AppError } from '../../lib/errors.ts'
import {
  baseMapFeatures,
  parseBbox,
  parseOutcodePoints,
  parsePostcodePoints,
  type BaseMapData,
} from './base-map-data.ts'

/** The same for every request and every shopper: a day at the edge and in the browser. */
const BASE_MAP_CACHE_CONTROL = 'public, max-age=86400, s-maxage=86400'

let parsed: BaseMapData | null = null

/** Parsed once per isolate, on the first map that asks (about 7,600 rows, a few milliseconds). */
function baseMapData(): BaseMapData {
  parsed ??= {
    postcodes: parsePostcodePoints(manchesterPostcodesCsv),
    outcodes: parseOutcodePoints(outcodesCsv),
  }
  return parsed
}

/**
 * GET /track-map/base.json?bbox=west,south,east,north: the tracking map's local base map when no
 * tile provider is configured (MAP_TILES_URL empty), drawn by Leaflet as vector dots and labels.
 * Public data only (postcode and outcode centroids), so it is cached publicly. A box that is not
 * four numbers in order, outside the UK or too wide is refused.
 */
export function baseMap(c: Context<AppEnv>): Response {
  const box = parseBbox(c.req.query(BASE_MAP_BBOX_PARAM))
  if (!box) throw new AppError('validation_error', MESSAGES.mapAreaInvalid)
  return c.json(baseMapFeatures(baseMapData(), box), 200, {
    'cache-control': BASE_MAP_CACHE_CONTROL,
    'content-type': 'application/geo+json',
  })
}
