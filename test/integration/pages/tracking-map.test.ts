import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../../worker/app.ts'
import { contentSecurityPolicy } from '../../../worker/middleware/security-headers.ts'
import { seedStorefront } from './fixtures.ts'
import { pageClient } from './storefront.ts'

// The tracking map's local base map: served by the worker from data/, no tile provider needed.
const app = createApp()
const { get } = pageClient(app, '198.51.118')

beforeAll(async () => {
  await seedStorefront(env.DB)
})

const PICCADILLY = '/track-map/base.json?bbox=-2.2546,53.4674,-2.2209,53.4939'

describe('the local base map', () => {
  it('answers central Manchester as GeoJSON dots and outcode labels, cached publicly', async () => {
    const res = await get(PICCADILLY)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('application/geo+json')
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400, s-maxage=86400')
    const map: {
      type: string
      features: Array<{ properties: { kind: string; label?: string } }>
    } = await res.json()
    expect(map.type).toBe('FeatureCollection')
    const dots = map.features.filter((f) => f.properties.kind === 'postcode')
    const labels = map.features.flatMap((f) => f.properties.label ?? [])
    // The streets around Piccadilly are drawn by hundreds of postcode points.
    expect(dots.length).toBeGreaterThan(300)
    expect(dots.length).toBeLessThanOrEqual(2000)
    expect(labels).toContain('M1')
  })

  it('refuses a box it does not answer, with a clear message', async () => {
    for (const query of ['', '?bbox=1,2,3', '?bbox=-3,53,-2,54', '?bbox=2.2,48.8,2.4,48.9']) {
      const res = await get(`/track-map/base.json${query}`)
      expect(res.status, query).toBe(422)
      expect(await res.text()).toContain('That map area is not available.')
    }
  })
})

it('lets the tracking page draw a configured tile provider’s images, and nothing else', () => {
  const policy = contentSecurityPolicy('n', false, { mapTilesOrigin: 'https://tiles.example.com' })
  expect(policy).toContain("img-src 'self' data: https://tiles.example.com;")
  expect(contentSecurityPolicy('n')).toContain("img-src 'self' data:;")
})
