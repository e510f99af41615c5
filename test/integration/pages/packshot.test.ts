import { describe, expect, it } from 'vitest'
import { packshotUrl } from '../../../schemas/packshot.ts'
import { createApp } from '../../../worker/app.ts'
import { PACKSHOT_ICONS } from '../../../worker/pages/media/packshot-icon-set.ts'
import { testEnv } from './storefront.ts'

const app = createApp()
const url = packshotUrl({
  kind: 'jar',
  name: 'Strawberry jam',
  size: '454g',
  colours: { pack: 'c62828', label: 'fff8e7', ink: '7f1d1d' },
  icon: 'strawberry',
})

describe('GET /images/packshot/v2/<kind>.svg', () => {
  it('draws the pack from its URL, as an immutable SVG', async () => {
    const res = await app.request(`http://localhost${url}`, {}, testEnv)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8')
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('set-cookie')).toBeNull()
    const svg = await res.text()
    expect(svg).toContain('aria-label="Strawberry jam 454g"')
    expect(svg).toContain(PACKSHOT_ICONS.strawberry?.body)
  })

  it('answers a malformed URL 404, privately, drawing nothing', async () => {
    const malformed = '/images/packshot/v2/jar.svg?n=Jam'
    // A v1 URL drew the old pictures; an icon the worker does not carry draws nothing either.
    const old = url.replace('/v2/', '/v1/')
    const unknownIcon = url.replace('i=strawberry', 'i=constructor')
    for (const path of [malformed, old, unknownIcon]) {
      const res = await app.request(`http://localhost${path}`, {}, testEnv)
      expect(res.status, path).toBe(404)
      expect(res.headers.get('cache-control')).toContain('no-store')
      expect(res.headers.get('content-type')).not.toContain('image/svg')
    }
  })
})
