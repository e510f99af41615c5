// `npm run bench:js-bytes-journey`: the first-party JS (gzip, once every island has hydrated) of
// the pages a shopper passes on the way to paying, on a UK brand (Corner Fresh) and the Dutch one
// (Domstad Markt): home, category, item, basket, checkout details and payment (issue 43's JS
// budget per page). It builds for production (JS_BYTES_BUILD=0 measures the build in dist/),
// serves the demo data as the e2e does (scripts/lib/preview-server.ts) and makes each brand's
// guest basket ready for payment through /api (two items, a held delivery slot, contact,
// address, terms). Like `npm run bench` it is not a test: it prints figures.
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { ROOT, startPreviewServer } from '../scripts/lib/preview-server.ts'
import { rowsOf } from '../scripts/demo-data/dataset.ts'
import { generateDemoData } from '../scripts/demo-data/generate.ts'
import { withAppVersionCookie } from './lib/expect-status.ts'
import { firstPartyScripts, islandChunks } from './lib/js-bytes.ts'
import { resolveLocalhostNames } from './lib/localhost-names.ts'
import { guestSession, withSetCookies } from './suites/checkout.ts'

interface Brand {
  label: string
  host: string
  businessId: number
  storeSlug: string
  postcode: string
  phoneNumber: string
  address: Record<string, string>
}

const BRANDS: ReadonlyArray<Brand> = [
  {
    label: 'UK (Corner Fresh)',
    host: 'localhost',
    businessId: 1,
    storeSlug: 'manchester-piccadilly',
    postcode: 'M1 1AE',
    phoneNumber: '07700 900123',
    address: { addressLine1: '12 Portland Street', town: 'Manchester', postcode: 'M1 1AE' },
  },
  {
    label: 'Dutch (Domstad Markt)',
    host: 'utrecht.localhost',
    businessId: 22,
    storeSlug: 'utrecht-oudegracht',
    postcode: '3512 AB',
    phoneNumber: '+31 6 12345678',
    address: { addressLine1: 'Lijnmarkt 12', town: 'Utrecht', postcode: '3512 AB', country: 'NL' },
  },
]

// Both brands sell these (the Dutch range is a subset of the UK's, on the same slugs).
const CATEGORY = 'cheese'
const ITEMS = ['mature-cheddar-400g', 'medium-cheddar-400g', 'mild-cheddar-400g']

const demo = generateDemoData({
  outcodesCsv: readFileSync(resolve(ROOT, 'data/uk-outcodes.csv'), 'utf8'),
  manchesterPostcodesCsv: readFileSync(
    resolve(ROOT, 'data/uk-postcodes-manchester-central.csv'),
    'utf8'
  ),
})

function idOf(table: string, businessId: number, slug: string): number {
  const row = rowsOf(demo, table).find((r) => r.business_id === businessId && r.slug === slug)
  if (!row) throw new Error(`no ${table} ${slug} of business ${businessId} in the demo data`)
  return Number(row.id)
}

async function post(origin: string, path: string, body: unknown, cookie: string) {
  const response = await fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, cookie },
    body: JSON.stringify(body),
  })
  const text = await response.text()
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${text}`)
  return { cookie: withSetCookies(cookie, response), answer: JSON.parse(text) as unknown }
}

/** A guest's basket of the brand's store, ready for payment: the cookies a browser would hold. */
async function readyBasket(origin: string, brand: Brand): Promise<string> {
  const searched = await fetch(
    `${origin}/stores-near-by?postcode=${encodeURIComponent(brand.postcode)}`,
    { redirect: 'manual' }
  )
  let cookie = withAppVersionCookie(
    withSetCookies(await guestSession(origin), searched)
      .split('; ')
      .filter((pair) => !pair.startsWith('sf_flash='))
      .join('; ')
  )
  const storeId = idOf('stores', brand.businessId, brand.storeSlug)
  for (const slug of ITEMS) {
    const itemId = idOf('menu_items', brand.businessId, slug)
    ;({ cookie } = await post(
      origin,
      '/api/basket/items/add',
      { storeId, menuItem: { itemId, quantity: 2 } },
      cookie
    ))
  }
  const slots = await post(origin, '/api/time-slots', { storeId }, cookie)
  const slot = (
    slots.answer as {
      days: Array<{
        slots: Array<{ timeSlotDate: string; timeSlotTime: string; available: boolean }>
      }>
    }
  ).days
    .flatMap((day) => day.slots)
    .find((s) => s.available)
  if (!slot) throw new Error(`${brand.label}: no open slot`)
  ;({ cookie } = await post(origin, '/api/time-slots/reserve', { storeId, ...slot }, cookie))
  const steps: Array<[string, unknown]> = [
    [
      '/api/checkout/contact-details',
      {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: `js-bytes-${Date.now()}@example.com`,
        phoneNumber: brand.phoneNumber,
      },
    ],
    ['/api/checkout/delivery-address', { address: brand.address }],
    ['/api/checkout/terms', { termsAccepted: true }],
  ]
  for (const [path, body] of steps) ({ cookie } = await post(origin, path, body, cookie))
  return cookie
}

resolveLocalhostNames()
const server = await startPreviewServer({ build: process.env.JS_BYTES_BUILD !== '0' })
try {
  const islands = islandChunks(ROOT)
  console.log(
    '\nFirst-party JS per page once its islands hydrate (gzip -9, through static imports)'
  )
  for (const brand of BRANDS) {
    const origin = `http://${brand.host}:${server.port}`
    const cookie = await readyBasket(origin, brand)
    const store = `/stores/${brand.storeSlug}`
    const pages: Array<[string, string]> = [
      ['home', '/'],
      ['category', `${store}/category/${CATEGORY}`],
      ['item', `${store}/category/${CATEGORY}/${ITEMS[0]}`],
      ['basket', '/basket'],
      ['checkout details', '/checkout/details'],
      ['checkout payment', '/checkout/payment'],
    ]
    console.log(`\n${brand.label}, ${origin}`)
    for (const [kind, path] of pages) {
      const page = await firstPartyScripts(origin, path, islands, { headers: { cookie } })
      const kb = (page.totalGzipBytes / 1024).toFixed(1)
      console.log(`${kind.padEnd(18)}${path.padEnd(68)}${`${kb} KB`.padStart(10)}`)
    }
  }
} finally {
  await server.stop()
}
