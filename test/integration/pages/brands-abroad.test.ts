import { beforeAll, describe, expect, it } from 'vitest'
import { env } from 'cloudflare:test'
import { DOMSTAD, LIFFEY } from '../../../scripts/demo-data/abroad.ts'
import { createApp } from '../../../worker/app.ts'
import { seedDemo } from '../../support/workers/seed.ts'
import { seedStaff } from '../staff/fixtures.ts'
import { alertOf, operatorPagesClient } from './operator/console-client.ts'
import { pageClient, pageText } from './storefront.ts'

/*
 * The demo's brands abroad (issue 43, ADR 052) on their own hosts: a search by the country's
 * postcode finds the business's own stores, in its language and currency.
 */
const app = createApp()

beforeAll(async () => {
  await seedDemo(env.DB)
})

describe('the demo brands abroad', () => {
  it('finds Liffey Larder’s Dublin shops by an Eircode on dublin.localhost, in euros', async () => {
    const client = pageClient(app, '192.0.61', `http://${LIFFEY.brand.host}`)
    const res = await client.get('/stores-near-by/D02%20X285')
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain('lang="en-IE"')
    expect(html).toContain('Grafton Street')
    expect(html).toContain('Phibsborough')
    expect(html).not.toContain('Manchester')
    expect(html).toContain('€')
    expect(html).not.toContain('£')
  })

  it('finds Domstad Markt’s Utrecht shops by a Dutch postcode on utrecht.localhost, in Dutch', async () => {
    const client = pageClient(app, '192.0.62', `http://${DOMSTAD.brand.host}`)
    const res = await client.get('/stores-near-by/3512%20AB')
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain('lang="nl-NL"')
    expect(html).toContain('Oudegracht')
    expect(html).toContain('Wittevrouwen')
    expect(html).not.toContain('Grafton Street')
    expect(html).toContain('€')
    expect(html).not.toContain('£')
  })

  it('says a Dutch category and item page in Dutch: controls, prices, facts, counts', async () => {
    const client = pageClient(app, '192.0.63', `http://${DOMSTAD.brand.host}`)
    const category = await client.get('/stores/utrecht-oudegracht/category/cheese?sort=price-low')
    expect(category.status).toBe(200)
    const listing = await category.text()
    expect(listing).toContain('Filteren en sorteren')
    expect(listing).toContain('Sorteren op')
    expect(listing).toContain('Prijs: laag naar hoog')
    expect(listing).toContain('Vrij van (allergenen)')
    expect(listing).toContain('Producten zoeken')
    expect(listing).not.toContain('Filter and sort')
    expect(listing).not.toContain('Price: low to high')
    // The range itself in Dutch (demo data 21): the category, its items and their sizes.
    expect(listing).toMatch(/<h1[^>]*>Kaas<\/h1>/)
    expect(listing).toContain('Oude cheddar 400g')
    expect(listing).not.toContain('Mature cheddar')
    const item = await client.get('/stores/utrecht-oudegracht/category/cheese/mature-cheddar-400g')
    expect(item.status).toBe(200)
    const page = await item.text()
    expect(page).toContain('Kruimelpad')
    expect(page).toContain('"name":"Winkels"')
    expect(page).toContain('Bewaren in favorieten')
    expect(page).toContain('Ingrediënten')
    expect(page).not.toContain('Save to favourites')
    expect(page).not.toContain('>Ingredients<')
    expect(page).toContain('Wheelwright Creamery oude cheddar.')
    expect(page).toContain('Gekoeld bewaren onder 5°C.')
    expect(page).toContain('1 portie (30 g)')
  })

  it('hints a mobile number of the brand’s own country, in its language, where a shopper registers', async () => {
    const hintOn = async (host: string, ip: string) => {
      const html = await (await pageClient(app, ip, `http://${host}`).get('/register')).text()
      return /id="register-phone-hint"[^>]*>([^<]*)</.exec(html)?.[1]
    }
    expect(await hintOn(LIFFEY.brand.host, '192.0.64')).toBe('A mobile number, e.g. 085 012 3456.')
    expect(await hintOn(DOMSTAD.brand.host, '192.0.65')).toBe(
      'Een mobiel nummer, bijv. 06 12345678.'
    )
    expect(await hintOn('localhost', '192.0.66')).toBe('A UK mobile number, e.g. 07700 900123.')
  })

  it('refuses a UK postcode on the Dutch brand with the Dutch message', async () => {
    const client = pageClient(app, '192.0.63', `http://${DOMSTAD.brand.host}`)
    const html = await (await client.get('/?postcode=M1%201AE')).text()
    expect(html).toContain('Domstad Markt')
    expect(html).toContain('M1 1AE is geen geldige postcode')
    expect(html).not.toContain('M1 1AE is not a valid postcode')
  })

  it('offers the Dutch registration page’s where-heard answers in Dutch, posting what is stored', async () => {
    const client = pageClient(app, '192.0.64', `http://${DOMSTAD.brand.host}`)
    const html = await (await client.get('/register')).text()
    expect(html).toContain('Hoe heb je over ons gehoord?')
    expect(html).toContain('<option value="Search engine">Zoekmachine</option>')
    expect(html).toContain('<option value="Saw the store">Langs de winkel gekomen</option>')
    expect(html).toContain('<option value="Other">Anders</option>')
    expect(html).not.toContain('>Search engine<')
  })

  it('lets the Irish operator keep a store by its Eircode and Dublin number, its zones radii only', async () => {
    const [grafton] = LIFFEY.stores
    const zones = `/store/operator/stores/${grafton?.id}/zones`
    const console = operatorPagesClient('192.0.67', app, `http://${LIFFEY.brand.host}`)
    const operator = await seedStaff({ operator: true, businessId: LIFFEY.business.id })
    const cookies = await console.signIn(operator.email)
    const page = await console.get(zones, cookies)
    expect(page.status).toBe(200)
    const form = await page.text()
    expect(form).toContain('Radius (km)')
    expect(form).not.toContain('Postcode district')
    expect(form).toContain('<input type="hidden" name="kind" value="radius"/>')

    const added = await console.postForm(
      zones,
      { kind: 'radius', radiusKm: '3.5', deliveryFee: '2.50', minimumSpend: '', isActive: 'on' },
      cookies
    )
    expect(added.status).toBe(303)
    const after = pageText(await (await console.get(zones, cookies)).text())
    expect(after).toContain('Within 3.5 km')
    expect(after).toContain('€')

    // The store's own details save with its Dublin number and Eircode, which the UK's rules refused.
    const details = await console.postForm(
      `/store/operator/stores/${grafton?.id}`,
      {
        intent: 'save',
        name: grafton?.name ?? '',
        slug: grafton?.slug ?? '',
        description: 'By the top of Grafton Street.',
        phone: grafton?.phone ?? '',
        email: '',
        addressLine1: grafton?.line1 ?? '',
        addressLine2: '',
        town: 'Dublin',
        county: 'Dublin',
        postcode: 'd02x285',
        latitude: '',
        longitude: '',
        timeZone: 'Europe/Dublin',
        isActive: 'on',
      },
      cookies
    )
    expect(details.status, alertOf(await details.clone().text())).toBe(303)
    const saved = await env.DB.prepare(
      'select phone, postcode, description from stores where id = ?1'
    )
      .bind(grafton?.id)
      .first()
    expect(saved).toEqual({
      phone: '01 555 0101',
      postcode: 'D02 X285',
      description: 'By the top of Grafton Street.',
    })

    // A new store starts in the business's own time zone, offered first.
    const newStore = await (await console.get('/store/operator/stores/new', cookies)).text()
    const zoneChoices =
      /<select[^>]*name="timeZone"[^>]*>([\s\S]*?)<\/select>/.exec(newStore)?.[1] ?? ''
    expect(zoneChoices).toMatch(/^<option value="Europe\/Dublin" selected="">/)

    // Its promotions are priced in euros: the labels and examples say so.
    const deal = await (await console.get('/store/operator/promotions/deals/new', cookies)).text()
    expect(deal).toContain('Deal price in € (multibuy or meal deal)')
    expect(deal).toContain('Multibuy (e.g. any 3 for €5.00)')
    const coupon = await (
      await console.get('/store/operator/promotions/coupons/new', cookies)
    ).text()
    expect(coupon).toContain('Minimum spend in €')
    const preview = await (
      await console.get(`/store/operator/brands/${LIFFEY.brand.id}/preview`, cookies)
    ).text()
    expect(preview).toContain('€2.95')
    expect(preview).toContain('2 for €2.50')
    const itemId = await env.DB.prepare('select id from menu_items where business_id = ?1 limit 1')
      .bind(LIFFEY.business.id)
      .first<number>('id')
    const item = await (
      await console.get(`/store/operator/catalogue/items/${itemId}/edit`, cookies)
    ).text()
    expect(item).toContain('Price (€)')
    for (const page of [deal, coupon, preview, item]) {
      expect(page).not.toContain('£')
      expect(page).not.toContain('pounds')
    }
  })
})
