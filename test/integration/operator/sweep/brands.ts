import { pngBytes } from '../../../support/upload-files.ts'
import type { OperatorRouteCase } from './case.ts'

/** A palette that passes the contrast check. */
export const GOOD_COLOURS = {
  primary: '#0f5132',
  primaryText: '#ffffff',
  secondary: '#d1e7dd',
  accent: '#f4b400',
  background: '#ffffff',
  text: '#1f2937',
}

/** A brand form's fields (a unique slug per call). */
export function brandFields(slug = `sweep-${crypto.randomUUID().slice(0, 8)}`) {
  return {
    name: 'Sweep Brand',
    slug,
    tagline: '',
    metaDescription: '',
    colors: GOOD_COLOURS,
    font: 'system',
  }
}

/** The brands area's operator routes, for the cross-business sweep. */
export const BRANDS_CASES: ReadonlyArray<OperatorRouteCase> = [
  { path: '/staff/operator/brands/list', body: () => ({}), namesThings: false },
  { path: '/staff/operator/brands/get', body: (t) => ({ brandId: t.brandId }), namesThings: true },
  { path: '/staff/operator/brands/create', body: () => brandFields(), namesThings: false },
  {
    path: '/staff/operator/brands/update',
    body: (t) => ({ brandId: t.brandId, ...brandFields() }),
    namesThings: true,
  },
  {
    path: '/staff/operator/brands/live',
    body: (t) => ({ brandId: t.brandId, live: false }),
    namesThings: true,
  },
  {
    path: '/staff/operator/brands/image',
    body: (t) => {
      const form = new FormData()
      form.set('brandId', String(t.brandId))
      form.set('kind', 'logo')
      form.append('file[]', new File([pngBytes()], 'logo.png', { type: 'image/png' }))
      return form
    },
    namesThings: true,
  },
  {
    path: '/staff/operator/brands/settings',
    body: (t) => ({ brandId: t.brandId, section: 'home', settings: { heroTitle: 'Hello' } }),
    namesThings: true,
  },
  {
    path: '/staff/operator/brands/domains/attach',
    body: (t) => ({ brandId: t.brandId, host: 'sweep-new.example.com', environment: 'production' }),
    namesThings: true,
  },
  {
    path: '/staff/operator/brands/domains/check',
    body: (t) => ({ brandId: t.brandId, host: 'sweep-new.example.com' }),
    namesThings: true,
  },
  {
    path: '/staff/operator/brands/domains/detach',
    body: (t) => ({ brandId: t.brandId, host: 'sweep-new.example.com' }),
    namesThings: true,
  },
  {
    path: '/staff/operator/brands/postcode-rule',
    body: () => ({
      countryCode: 'GB',
      pattern: '^[A-Z0-9 ]+$',
      normalisation: 'uk',
      example: 'M1 1AE',
    }),
    namesThings: false,
  },
]
