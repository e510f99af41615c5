import { describe, expect, it } from 'vitest'
import {
  BASE_MAP_MAX_SPAN_DEGREES,
  baseMapUrl,
  bboxAround,
} from '../../../client/lib/tracking-map.ts'
import {
  baseMapFeatures,
  MAX_POSTCODE_POINTS,
  parseBbox,
  parseOutcodePoints,
  parsePostcodePoints,
} from '../../../worker/pages/tiles/base-map-data.ts'
import { mapTilesOf, mapTilesOrigin } from '../../../worker/lib/map-tiles.ts'

const POSTCODES = `postcode,outcode,latitude,longitude
M1 1AA,M1,53.48737,-2.22719
M1 1AD,M1,53.48378,-2.24486
M2 9ZZ,M2,,
M15 4AA,M15,53.46000,-2.25000`

const OUTCODES = `outcode,latitude,longitude,town
M1,53.47800,-2.23300,Manchester
M15,53.46600,-2.25100,Manchester
AB10,57.13643,-2.11782,Aberdeen`

const CENTRE = { west: -2.26, south: 53.47, east: -2.22, north: 53.49 }

describe('local base map data', () => {
  it('reads the postcode points, skipping rows without coordinates', () => {
    expect(parsePostcodePoints(POSTCODES)).toEqual([
      { lat: 53.48737, lng: -2.22719 },
      { lat: 53.48378, lng: -2.24486 },
      { lat: 53.46, lng: -2.25 },
    ])
  })

  it('keeps the postcode dots and outcode labels inside the box, as GeoJSON [lng, lat]', () => {
    const data = {
      postcodes: parsePostcodePoints(POSTCODES),
      outcodes: parseOutcodePoints(OUTCODES),
    }
    const map = baseMapFeatures(data, CENTRE)
    expect(map.type).toBe('FeatureCollection')
    expect(map.features.map((f) => [f.properties.kind, f.geometry.coordinates])).toEqual([
      ['postcode', [-2.22719, 53.48737]],
      ['postcode', [-2.24486, 53.48378]],
      ['outcode', [-2.233, 53.478]],
    ])
    expect(map.features[2]?.properties).toEqual({
      kind: 'outcode',
      label: 'M1',
      town: 'Manchester',
    })
  })

  it('thins a crowded box evenly to the cap', () => {
    const postcodes = Array.from({ length: MAX_POSTCODE_POINTS * 3 }, (_, i) => ({
      lat: 53.48,
      lng: -2.25 + i / 1e6,
    }))
    const map = baseMapFeatures({ postcodes, outcodes: [] }, CENTRE)
    expect(map.features.length).toBe(MAX_POSTCODE_POINTS)
  })
})

describe('the base map box', () => {
  it('accepts four numbers in order inside the UK and no wider than the limit', () => {
    expect(parseBbox('-2.26,53.47,-2.22,53.49')).toEqual(CENTRE)
  })

  it.each([
    ['missing', undefined],
    ['not numbers', 'a,b,c,d'],
    ['three numbers', '-2.26,53.47,-2.22'],
    ['out of order', '-2.22,53.47,-2.26,53.49'],
    ['outside the UK', '2.2,48.8,2.4,48.9'],
    ['too wide', '-2.6,53.3,-2.0,53.6'],
  ])('refuses a box that is %s', (_, text) => {
    expect(parseBbox(text)).toBeNull()
  })

  it('asks for a box around the points with a margin, clipped to the widest answered', () => {
    const box = bboxAround([
      { lat: 53.4774, lng: -2.2309 },
      { lat: 53.4839, lng: -2.2446 },
    ])
    expect(box).not.toBeNull()
    const url = baseMapUrl(box ?? CENTRE)
    expect(url).toBe('/track-map/base.json?bbox=-2.2546,53.4674,-2.2209,53.4939')
    const far = baseMapUrl({ west: -3, south: 53, east: -2, north: 54 })
    const parsed = parseBbox(new URL(far, 'https://x.test').searchParams.get('bbox') ?? '')
    expect(parsed && parsed.east - parsed.west).toBeCloseTo(BASE_MAP_MAX_SPAN_DEGREES, 3)
  })
})

describe('tile configuration', () => {
  it('uses an https XYZ template with its attribution, and its origin for the CSP', () => {
    const env = {
      MAP_TILES_URL: 'https://tiles.example.com/{z}/{x}/{y}.png',
      MAP_TILES_ATTRIBUTION: '© Example',
    }
    expect(mapTilesOf(env)).toEqual({ url: env.MAP_TILES_URL, attribution: '© Example' })
    expect(mapTilesOrigin(env)).toBe('https://tiles.example.com')
  })

  it.each(['', 'http://tiles.example.com/{z}/{x}/{y}.png', 'https://tiles.example.com/tile.png'])(
    'falls back to the local base map for %j',
    (url) => {
      const env = { MAP_TILES_URL: url, MAP_TILES_ATTRIBUTION: 'x' }
      expect(mapTilesOf(env)).toEqual({ url: null, attribution: '' })
      expect(mapTilesOrigin(env)).toBeNull()
    }
  )
})
