import { beforeAll, describe, expect, it } from 'vitest'
import { env } from 'cloudflare:test'
import { DOMSTAD } from '../../../scripts/demo-data/abroad.ts'
import { createApp } from '../../../worker/app.ts'
import { seedDemo } from '../../support/workers/seed.ts'
import { pageClient } from './storefront.ts'

/*
 * The Dutch brand's public pages (issue 43, ADR 061): the head a handler writes (title,
 * description, og: tags), the grocery delivery page, the home page's defaults, the cookie
 * inventory, the legal pages' text, the contact subjects and the ingredients' allergens are said
 * in Dutch. Staff pages on the Dutch host stay English (ADR 072).
 */
const app = createApp()
const client = pageClient(app, '192.0.64', `http://${DOMSTAD.brand.host}`)
const STORE = '/stores/utrecht-oudegracht'
const BRAND = DOMSTAD.brand.name

beforeAll(async () => {
  await seedDemo(env.DB)
  // A town's landing page for the Dutch business (the demo data has them for the UK's towns).
  await env.DB.prepare(
    `insert into seo_pages (business_id, brand_id, slug, title, meta_description, heading, body, updated_at)
     values (?1, null, 'grocery-delivery/utrecht', 'Boodschappen in Utrecht', 'Bestel in Utrecht.',
       'Boodschappen in Utrecht', 'Vers uit de buurt.', '2026-11-01T09:00:00.000Z')`
  )
    .bind(DOMSTAD.business.id)
    .run()
})

/** The page's head as a shopper's tab, a search result and a link preview read it. */
function head(html: string): { title: string; description: string; ogTitle: string } {
  const unescape = (text: string) => text.replace(/&amp;/g, '&').replace(/&#x27;/g, "'")
  const meta = (pattern: RegExp) => unescape(pattern.exec(html)?.[1] ?? '')
  return {
    title: meta(/<title>([^<]*)<\/title>/),
    description: meta(/<meta name="description" content="([^"]*)"/),
    ogTitle: meta(/<meta property="og:title" content="([^"]*)"/),
  }
}

// English words a Dutch head never needs (names in the demo data aside: 'Cheese', 'cheddar').
const ENGLISH =
  /\b(at|the|and|your|with|for|of|Shop|Buy|Stores?|Search|Deals|Order|Every|Answers)\b/

async function page(path: string): Promise<string> {
  const res = await client.get(path)
  expect(res.status, path).toBe(200)
  return res.text()
}

describe('the Dutch brand’s pages', () => {
  it('says every public page’s title and description in Dutch', { timeout: 60_000 }, async () => {
    const expected: Array<[string, string, string]> = [
      ['/', BRAND, 'bestel boodschappen, drinken en huishoudartikelen bij je winkel in de buurt'],
      ['/stores-near-by/3512%20AB', 'Winkels bij 3512 AB', `Winkels van ${BRAND} bij 3512 AB`],
      ['/stores', 'Alle winkels', `Alle winkels van ${BRAND}, per plaats`],
      [STORE, 'Oudegracht', 'Doe online je boodschappen bij Oudegracht via'],
      [`${STORE}/category/cheese`, ' bij Oudegracht', 'Kies uit '],
      [`${STORE}/category/cheese/mature-cheddar-400g`, ' bij Oudegracht', 'Koop '],
      [`${STORE}/deals`, 'Aanbiedingen bij Oudegracht', 'van deze week bij Oudegracht'],
      [`${STORE}/search/cheddar`, 'Zoekresultaten voor ‘cheddar’ bij Oudegracht', 'Zoek bij'],
      ['/faqs', 'Veelgestelde vragen', 'Antwoorden op veelgestelde vragen'],
      ['/contact', 'Neem contact op', `Schrijf ${BRAND}: vragen over een bestelling`],
      ['/grocery-delivery/utrecht', 'Boodschappen in Utrecht', 'Bestel in Utrecht.'],
    ]
    for (const [path, title, description] of expected) {
      const found = head(await page(path))
      expect(found.title, path).toContain(title)
      expect(found.title, path).toMatch(new RegExp(`\\| ${BRAND}$|^${BRAND}$`))
      expect(found.ogTitle, path).toBe(found.title)
      expect(found.description, path).toContain(description)
      expect(found.title.replace(/cheese|cheddar/gi, ''), path).not.toMatch(ENGLISH)
    }
  })

  it('says the home page’s default steps, selling points and departments in Dutch', async () => {
    const html = await page('/')
    for (const dutch of [
      'Vind je winkel in de buurt',
      'Bezorgd aan je deur',
      'Groente &amp; fruit',
    ]) {
      expect(html).toContain(dutch)
    }
    for (const english of ['Find your local store', 'Delivery to your door', 'Fruit &amp; veg']) {
      expect(html).not.toContain(english)
    }
  })

  it('names the breadcrumb’s steps in Dutch on category and item pages, JSON-LD alike', async () => {
    for (const path of [
      `${STORE}/category/cheese`,
      `${STORE}/category/cheese/mature-cheddar-400g`,
    ]) {
      const html = await page(path)
      const trail = /<nav aria-label="Kruimelpad"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? ''
      const crumbs = [
        ...trail.matchAll(/<(?:a [^>]*|li [^>]*aria-current="page"[^>]*)>([^<]+)</g),
      ].map((match) => match[1])
      expect(crumbs.slice(0, 2), path).toEqual(['Startpagina', 'Winkels'])
      expect(html, path).toContain('"name":"Startpagina"')
      expect(html, path).not.toMatch(/>Home<|"name":"Home"|"name":"Stores"/)
    }
  })

  it('says a town’s grocery delivery page in Dutch', async () => {
    const html = await page('/grocery-delivery/utrecht')
    expect(html).toContain('Onze winkels in Utrecht')
    expect(html).toContain(`Bestel bij ${BRAND} om te laten bezorgen of af te halen.`)
    expect(html).not.toContain('Our stores')
    expect(html).not.toContain('for delivery or collection')
  })

  it('says the cookie inventory and the page’s date in Dutch, durations by Intl', async () => {
    const html = await page('/cookie-policy')
    expect(html).toContain('Onthoudt je mandje.')
    expect(html).toContain('15 minuten')
    expect(html).toContain('Tot 30 dagen')
    expect(html).toContain('Betaalprovider voor kaarten')
    expect(html).toMatch(/Laatst bijgewerkt op \d+ [a-z]+ 20\d\d/)
    for (const english of ['Remembers your basket.', '15 minutes', 'Up to 30 days', 'Map tiles']) {
      expect(html).not.toContain(english)
    }
  })

  it('says the legal pages and the contact subjects in Dutch', async () => {
    const terms = await page('/terms')
    expect(head(terms).title).toBe(`Algemene voorwaarden | ${BRAND}`)
    expect(terms).toContain('<h2>7. Een bestelling annuleren en bedenktijd</h2>')
    expect(terms).toContain('14 dagen bedenktijd')
    expect(terms).toContain(DOMSTAD.business.foodOperatorAddress)
    expect(terms).not.toMatch(/Consumer Contracts|England and Wales|Challenge 25|These terms/)
    const privacy = await page('/privacy-policy')
    expect(privacy).toContain('Autoriteit Persoonsgegevens')
    expect(privacy).not.toMatch(/UK GDPR|Information Commissioner/)
    expect(await page('/cookie-policy')).toContain('strikt noodzakelijke cookies')
    const contact = await page('/contact')
    for (const subject of ['Vraag over een bestelling', 'Ontbrekende of beschadigde artikelen']) {
      expect(contact).toContain(`>${subject}</option>`)
    }
    expect(contact).not.toMatch(/Question about an order|Missing or damaged items/)
  })

  it('emphasises the Dutch allergens in an item’s ingredients', async () => {
    const html = await page(`${STORE}/category/bread/medium-sliced-white-bread-800g`)
    const ingredients = /<p class="mt-1 text-sm text-ink\/80">([\s\S]*?)<\/p>/.exec(html)?.[1] ?? ''
    const bold = [...ingredients.matchAll(/<strong[^>]*>([^<]+)<\/strong>/g)].map((m) => m[1])
    expect(bold).toEqual(['Tarwebloem', 'tarwebloem', 'sojameel'])
    expect(ingredients).toContain('raapzaadolie')
  })

  it('keeps the staff sign-in English on the Dutch host, its formats the business’s', async () => {
    const html = await page('/store/sign-in')
    expect(html).toMatch(/<html lang="en-GB" data-locale="nl-NL"[^>]*data-currency="EUR"/)
    for (const english of ['Staff sign-in', '>Password<', '>Continue<']) {
      expect(html).toContain(english)
    }
    for (const dutch of ['Wachtwoord', 'Doorgaan', 'E-mail<']) {
      expect(html).not.toContain(dutch)
    }
    // The shopper's sign-in on the same host is Dutch.
    const shopper = await page('/login')
    expect(shopper).toMatch(/<html lang="nl-NL" data-currency="EUR"/)
    expect(shopper).toContain('Wachtwoord')
  })

  it('titles the error page in Dutch', async () => {
    const res = await client.get('/no-such-page')
    expect(res.status).toBe(404)
    expect(head(await res.text()).title).toBe(`Pagina niet gevonden | ${BRAND}`)
  })
})
