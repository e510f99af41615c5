import { env, SELF } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { dealTerms } from '../../../client/lib/deal-terms.ts'
import { DealListSchema } from '../../../schemas/catalogue.ts'
import { PUBLIC_CACHE_CONTROL } from '../../../schemas/constants.ts'
import { ContentBlocksResponseSchema } from '../../../schemas/content-blocks.ts'
import { backend } from '../../../worker/local-backend.ts'
import { jsonPost } from '../../support/workers/requests.ts'
import { seedDemoWithStoreOpen } from '../../support/workers/seed.ts'

const STORE = 'manchester-piccadilly'
let storeId = 0

const GREENWAY = 'http://greenway.localhost'

beforeAll(async () => {
  storeId = await seedDemoWithStoreOpen(env.DB, STORE)
  // Greenway Grocer (brand 3) keeps one block only, and a broken one: it shows the defaults.
  await env.DB.batch([
    env.DB.prepare('delete from content_blocks where brand_id = 3'),
    env.DB.prepare(
      `insert into content_blocks (business_id, brand_id, placement, key, content_json)
       values (1, 3, 'home', 'hero', '{"title":""}')`
    ),
  ])
})

async function page(url: string) {
  const response = await SELF.fetch(url)
  return { response, html: await response.text() }
}

describe('home, header and footer blocks per brand', () => {
  it("shows each brand's own announcement, footer columns and legal line", async () => {
    const corner = await page('http://localhost/')
    const northside = await page('http://127.0.0.1/')
    expect(corner.html).toContain('Free delivery from Corner Fresh on orders over <strong>')
    expect(corner.html).toContain('Corner Fresh is a trading name of Corner Fresh Group Ltd.')
    expect(northside.html).toContain('Northside Market now delivers seven days a week.')
    expect(northside.html).not.toContain('Free delivery from Corner Fresh')
    expect(corner.html).toContain('Delivered in about an hour')
    expect(corner.html).toContain('We show the Corner Fresh stores that deliver to you')
  })

  it('links the footer to the real legal routes', async () => {
    const { html } = await page('http://localhost/faqs')
    expect(html).toContain('href="/terms"')
    expect(html).not.toContain('href="/terms-and-conditions"')
    expect(html).toContain('data-announcement')
  })
})

describe('a brand without blocks', () => {
  it('shows the built-in footer, hero and no announcement bar', async () => {
    const { response, html } = await page(`${GREENWAY}/`)
    expect(response.status).toBe(200)
    expect(html).not.toContain('data-announcement')
    expect(html).not.toContain('data-legal-line')
    expect(html).toContain('>Shop</h2>')
    expect(html).toContain('Find your local store')
    // The broken hero block is left out: the white-label settings' hero shows.
    expect(html).toContain('id="hero-title"')
  })
})

describe('/api/content/blocks', () => {
  it("answers the host's brand's blocks to the browser", async () => {
    const res = await SELF.fetch('http://127.0.0.1/api/content/blocks')
    expect(res.status).toBe(200)
    const { blocks } = ContentBlocksResponseSchema.parse(await res.json())
    expect(blocks.header.announcement?.text).toContain('Northside Market')
  })
})

describe('/tv', () => {
  it('lists the stores to choose from without a store, kept out of search results', async () => {
    const { response, html } = await page('http://localhost/tv')
    expect(response.status).toBe(200)
    expect(html).toContain(`href="/tv?store=${STORE}"`)
    expect(html).toContain('<meta name="robots" content="noindex"/>')
  })

  it("rotates the store's banners and deals by CSS, reloads itself and is publicly cached", async () => {
    const { response, html } = await page(`http://localhost/tv?store=${STORE}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe(PUBLIC_CACHE_CONTROL)
    expect(html).toContain('<meta http-equiv="refresh" content="300"/>')
    expect(html).toContain('<meta name="robots" content="noindex"/>')
    expect(html).toContain('@keyframes tv-rotate')
    expect(html).toContain('prefers-reduced-motion')
    const slides = [...html.matchAll(/class="tv-slide tv-slide-(\d+)/g)].map((m) => m[1])
    expect(slides.length).toBeGreaterThan(1)
    for (const index of slides) expect(html).toContain(`.tv-slide-${index}{animation-delay:`)
    // No header, footer or sign-in: nothing personal, nothing to click.
    expect(html).not.toContain('data-announcement')
    expect(html).not.toContain('href="/login"')
  })

  it('shows the deal terms of the catalogue data, never others', async () => {
    const res = await backend.request(
      '/catalogue/deals',
      jsonPost({ businessId: 1, storeId, fulfilmentMethod: 'delivery' }),
      env
    )
    const { deals } = DealListSchema.parse(await res.json())
    const { html } = await page(`http://localhost/tv?store=${STORE}`)
    const shown = deals.filter((deal) => html.includes(`${deal.name}</h2>`))
    expect(shown.length).toBeGreaterThan(0)
    for (const deal of shown) expect(html).toContain(dealTerms(deal).replace('&', '&amp;'))
  })

  it('answers 404 for a store that does not exist', async () => {
    const { response, html } = await page('http://localhost/tv?store=no-such-store')
    expect(response.status).toBe(404)
    expect(html).toContain('Store not found')
  })
})
