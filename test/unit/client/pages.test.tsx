import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { Document } from '../../../client/components/Document.tsx'
import { Layout } from '../../../client/components/Layout.tsx'
import type { PageChrome } from '../../../client/lib/page-chrome.ts'
import { RenderContext } from '../../../client/components/render-context.ts'
import { StoreSearch } from '../../../client/components/StoreSearch.tsx'
import type { StoreSearchBoxProps } from '../../../client/lib/store-search.ts'
import { StorePage } from '../../../client/pages/StorePage.tsx'
import { StoresNearByPage } from '../../../client/pages/StoresNearByPage.tsx'
import { DEFAULT_POSTCODE_RULE } from '../../../schemas/postcode.ts'
import type { StoreDetails, StoreSummary } from '../../../schemas/stores.ts'
import { createIslandIds } from '../../../client/lib/island-ids.ts'

const ASSETS = {
  dev: false,
  loader: '/assets/entry.js',
  headerBasket: ['/assets/header-basket.js'],
}

function render(node: ReactNode): string {
  return renderToString(
    <RenderContext
      value={{ nonce: 'n0nce', assets: ASSETS, nextIslandId: createIslandIds(), now: Date.now() }}
    >
      {node}
    </RenderContext>
  )
}

/** The text a reader sees: tags dropped, entities decoded, whitespace collapsed. */
function text(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
}

/** The opening tag of the first `tag` element that has every given attribute, or ''. */
function element(html: string, tag: string, ...attributes: Array<string>): string {
  const tags = html.match(new RegExp(`<${tag}\\b[^>]*>`, 'g')) ?? []
  return tags.find((found) => attributes.every((attribute) => found.includes(attribute))) ?? ''
}

/** The props an island was rendered with, as the browser will read them. */
function islandProps(html: string, name: string): Record<string, unknown> {
  const match = new RegExp(
    `<script type="application/json" data-island-props="${name}" nonce="n0nce">(.*?)</script>`
  ).exec(html)
  if (!match?.[1]) throw new Error(`no props for island ${name}`)
  return JSON.parse(match[1]) as Record<string, unknown>
}

const chrome: PageChrome = { brand: null, signedIn: false, currentPath: '/', flash: null }

const SEARCH: StoreSearchBoxProps = {
  variant: 'postcode',
  postcodeRule: DEFAULT_POSTCODE_RULE,
  enableDeviceLocation: true,
}

function summary(overrides: Partial<StoreSummary> = {}): StoreSummary {
  return {
    id: 3,
    slug: 'manchester-deansgate',
    name: 'Manchester Deansgate',
    address: {
      addressLine1: '12 Deansgate',
      addressLine2: null,
      town: 'Manchester',
      county: 'Greater Manchester',
      postcode: 'M3 2BW',
      country: 'GB',
    },
    location: { latitude: 53.48, longitude: -2.25 },
    imageUrl: null,
    timeZone: 'Europe/London',
    distanceKm: 0.72,
    distanceMiles: 0.45,
    availability: {
      state: 'open',
      delivery: 'open',
      collection: 'open',
      closesAt: '2026-11-21T22:00:00+00:00',
      opensAt: null,
    },
    delivery: {
      enabled: true,
      availableToLocation: true,
      fee: 250,
      minimumSpend: 1000,
      freeDeliveryThreshold: null,
    },
    collection: { enabled: true, fee: 0, minimumSpend: 0 },
    serviceFee: 50,
    daysInAdvance: 7,
    payments: { card: true, applePay: false, googlePay: false, cash: true },
    ...overrides,
  }
}

function details(overrides: Partial<StoreDetails> = {}): StoreDetails {
  return {
    id: 3,
    businessId: 1,
    slug: 'manchester-deansgate',
    name: 'Manchester Deansgate',
    description: null,
    phone: '0161 496 0123',
    email: null,
    address: {
      addressLine1: '12 Deansgate',
      addressLine2: null,
      town: 'Manchester',
      county: null,
      postcode: 'M3 2BW',
      country: 'GB',
    },
    location: { latitude: 53.48, longitude: -2.25 },
    timeZone: 'Europe/London',
    imageUrl: null,
    daysInAdvance: 3,
    delivery: {
      enabled: true,
      radiusKm: 5,
      fee: 299,
      minimumSpend: 0,
      freeDeliveryThreshold: 4000,
    },
    collection: { enabled: false, fee: 0, minimumSpend: 0 },
    serviceFee: 50,
    temporarilyClosed: false,
    payments: { card: true, applePay: true, googlePay: false, cash: false },
    openingHours: {
      delivery: [],
      collection: [],
      store: [{ dayOfWeek: 0, opensAt: '07:00', closesAt: '22:00' }],
    },
    availability: {
      state: 'preorder',
      delivery: 'preorder',
      collection: 'closed',
      closesAt: null,
      opensAt: '2026-11-22T07:00:00+00:00',
    },
    atLocation: null,
    ...overrides,
  }
}

describe('StoreSearch', () => {
  it('renders the postcode variant as its island with a form that works without JavaScript', () => {
    const html = render(
      <StoreSearch {...SEARCH} initialValue="ZZ1" initialError="ZZ1 is not a valid postcode" />
    )
    expect(html).toContain('data-island="PostcodeSearch"')
    expect(html).not.toContain('data-island="AddressSearch"')
    expect(element(html, 'form', 'action="/stores-near-by"', 'method="get"')).not.toBe('')
    expect(element(html, 'input', 'name="postcode"', 'maxLength="8"')).not.toBe('')
    expect(html).toContain('placeholder="e.g. M1 1AE"')
    expect(html).toContain('value="ZZ1"')
    expect(text(html)).toContain('ZZ1 is not a valid postcode')
    expect(text(html)).toContain('Use my current location')
    expect(islandProps(html, 'PostcodeSearch')).toMatchObject({
      postcodeRule: DEFAULT_POSTCODE_RULE,
      enableDeviceLocation: true,
      initialError: 'ZZ1 is not a valid postcode',
    })
  })

  it('leaves out the device-location button when the brand turns it off', () => {
    const html = render(<StoreSearch {...SEARCH} enableDeviceLocation={false} />)
    expect(text(html)).not.toContain('Use my current location')
  })

  it('renders the address variant as an accessible combobox in its own island', () => {
    const html = render(
      <StoreSearch {...SEARCH} variant="address" initialError="Not a valid address" />
    )
    expect(html).toContain('data-island="AddressSearch"')
    expect(html).not.toContain('data-island="PostcodeSearch"')
    const input = /<input[^>]*role="combobox"[^>]*>/.exec(html)?.[0] ?? ''
    expect(input).toContain('name="description"')
    expect(input).toContain('aria-expanded="false"')
    expect(input).toContain('aria-autocomplete="list"')
    const controls = /aria-controls="([^"]+)"/.exec(input)?.[1]
    expect(html).toContain(`id="${controls}" role="listbox"`)
    expect(html).toMatch(/role="status" aria-live="polite"/)
    expect(text(html)).toContain('Not a valid address')
  })
})

describe('StoresNearByPage', () => {
  it('lists each store with its distance, state, fulfilment and a link to shop there', () => {
    const html = render(
      <StoresNearByPage
        chrome={chrome}
        postcode="M1 1AE"
        search={SEARCH}
        interest={{ status: 'idle' }}
        stores={[
          summary(),
          summary({
            id: 4,
            slug: 'manchester-ancoats',
            name: 'Manchester Ancoats',
            distanceKm: 2.09,
            distanceMiles: 1.3,
            daysInAdvance: 0,
            availability: {
              state: 'closed',
              delivery: 'closed',
              collection: 'closed',
              closesAt: null,
              opensAt: null,
            },
            delivery: {
              enabled: true,
              availableToLocation: false,
              fee: 300,
              minimumSpend: 0,
              freeDeliveryThreshold: null,
            },
            collection: { enabled: false, fee: 0, minimumSpend: 0 },
          }),
        ]}
      />
    )
    const page = text(html)
    expect(page).toContain('Stores near M1 1AE')
    expect(page).toContain('Manchester Deansgate')
    expect(page).toContain('12 Deansgate, Manchester, M3 2BW')
    expect(page).toContain('0.4 miles')
    expect(page).toContain('Open until 22:00')
    expect(page).toContain('Delivers to M1 1AE · £2.50 delivery · Min £10.00')
    expect(page).toContain('Order up to 7 days in advance')
    expect(page).toContain('Manchester Ancoats')
    expect(page).toContain('1.3 miles')
    expect(page).toContain('Closed')
    expect(page).toContain("Doesn't deliver to M1 1AE")
    expect(page).toContain('No collection')
    expect(html).toContain('href="/stores/manchester-deansgate"')
    expect(html).toContain('href="/stores/manchester-ancoats"')
    expect(page.match(/Shop at this store/g)).toHaveLength(2)
    // Nearest first, as the search answered.
    expect(page.indexOf('Manchester Deansgate')).toBeLessThan(page.indexOf('Manchester Ancoats'))
    // The search box to search again, and no interest form while there are stores.
    expect(html).toContain('data-island="PostcodeSearch"')
    expect(html).not.toContain('data-island="InterestForm"')
  })

  it('shows every mandatory fee up front: service fee and free-delivery threshold too', () => {
    const page = text(
      render(
        <StoresNearByPage
          chrome={chrome}
          postcode="M1 1AE"
          search={SEARCH}
          interest={{ status: 'idle' }}
          stores={[
            summary({
              serviceFee: 50,
              delivery: {
                enabled: true,
                availableToLocation: true,
                fee: 250,
                minimumSpend: 1000,
                freeDeliveryThreshold: 4000,
              },
            }),
          ]}
        />
      )
    )
    expect(page).toContain(
      'Delivers to M1 1AE · £2.50 delivery · Min £10.00 · Free delivery on orders of £40.00 or more'
    )
    expect(page).toContain('£0.50 service fee on every order')
    const noFee = text(
      render(
        <StoresNearByPage
          chrome={chrome}
          postcode="M1 1AE"
          search={SEARCH}
          interest={{ status: 'idle' }}
          stores={[summary({ serviceFee: 0 })]}
        />
      )
    )
    expect(noFee).not.toContain('service fee')
    expect(noFee).not.toContain('Free delivery on orders')
  })

  it('offers the interest form when no store is near', () => {
    const html = render(
      <StoresNearByPage
        chrome={chrome}
        postcode="KW1 4YT"
        search={SEARCH}
        interest={{ status: 'idle' }}
        stores={[]}
      />
    )
    expect(text(html)).toContain("We don't have a store near KW1 4YT yet.")
    expect(html).toContain('data-island="InterestForm"')
    expect(
      element(html, 'form', 'method="post"', 'action="/stores-near-by/KW1%204YT/interest"')
    ).not.toBe('')
    expect(element(html, 'input', 'name="email"', 'type="email"')).not.toBe('')
    expect(html).not.toContain('Shop at this store')
  })

  it('shows the outcome of a form posted without JavaScript', () => {
    const registered = render(
      <StoresNearByPage
        chrome={chrome}
        postcode="KW1 4YT"
        search={SEARCH}
        interest={{ status: 'registered' }}
        stores={[]}
      />
    )
    expect(text(registered)).toContain("Thanks! We'll let you know when we deliver to KW1 4YT.")
    expect(element(registered, 'input', 'name="email"')).toBe('')

    const failed = render(
      <StoresNearByPage
        chrome={chrome}
        postcode="KW1 4YT"
        search={SEARCH}
        interest={{
          status: 'error',
          email: 'not-an-email',
          message: 'Please enter a valid email address.',
        }}
        stores={[]}
      />
    )
    expect(text(failed)).toContain('Please enter a valid email address.')
    expect(failed).toContain('value="not-an-email"')
    expect(failed).toContain('aria-invalid="true"')
  })
})

describe('StorePage header', () => {
  it('shows the open state, fulfilment options and a way to change store', () => {
    const page = render(<StorePage chrome={chrome} store={details()} />)
    const shown = text(page)
    expect(shown).toContain('Manchester Deansgate')
    expect(shown).toMatch(/Pre-order — opens 07:00 \w+/)
    expect(shown).toContain('£2.99 delivery · No min order')
    expect(shown).toContain('No collection')
    expect(shown).toContain('Order up to 3 days in advance')
    expect(page).toMatch(/<a href="\/\?changeStore=1"[^>]*>Change store<\/a>/)
  })

  it('shows the service fee, free-delivery threshold and delivery radius before the basket', () => {
    const shown = text(render(<StorePage chrome={chrome} store={details()} />))
    expect(shown).toContain(
      '£2.99 delivery · No min order · Free delivery on orders of £40.00 or more'
    )
    expect(shown).toContain('£0.50 service fee on every order')
    expect(shown).toContain('Service fee £0.50')
    expect(shown).toContain('Free delivery On orders of £40.00 or more')
    // One distance unit per country: a GB store's radius in miles, like the results page.
    expect(shown).toContain('Delivers within 3.1 miles')
    expect(shown).not.toMatch(/\d km/)
  })

  it('says whether the store delivers to the saved postcode', () => {
    const at = {
      postcode: 'M1 1AE',
      distanceKm: 1,
      distanceMiles: 0.62,
      deliveryAvailable: true,
      deliveryFee: 150,
      minimumSpend: 1500,
    }
    const delivers = text(render(<StorePage chrome={chrome} store={details({ atLocation: at })} />))
    expect(delivers).toContain('Delivers to M1 1AE · £1.50 delivery · Min £15.00')
    const doesNot = text(
      render(
        <StorePage
          chrome={chrome}
          store={details({ atLocation: { ...at, deliveryAvailable: false } })}
        />
      )
    )
    expect(doesNot).toContain("Doesn't deliver to M1 1AE")
  })
})

describe('Layout and Document', () => {
  it('shows a flash message as a dismissible status toast inside the main content', () => {
    const html = render(
      <Layout
        chrome={{
          ...chrome,
          flash:
            'Sorry, no matching locations for your detected location. Please try entering your address.',
        }}
      >
        <p>content</p>
      </Layout>
    )
    expect(html).toContain('data-island="FlashToast"')
    expect(html).toMatch(/<main[^>]*>.*role="status".*Sorry, no matching locations/s)
    expect(render(<Layout chrome={chrome}>x</Layout>)).not.toContain('FlashToast')
  })

  it('renders JSON-LD in the head with the nonce, unable to close its script', () => {
    const html = render(
      <Document
        meta={{
          title: 'Store',
          description: 'A store',
          canonicalUrl: 'https://shop.example/stores/a',
          jsonLd: { '@type': 'GroceryStore', name: '</script><script>alert(1)</script>' },
        }}
        brand={null}
        nonce="n0nce"
        styles={[]}
      >
        <p>body</p>
      </Document>
    )
    const script = /<script type="application\/ld\+json" nonce="n0nce">(.*?)<\/script>/.exec(html)
    expect(script?.[1]).toBeDefined()
    expect(script?.[1]).not.toContain('<')
    expect(JSON.parse(script?.[1] ?? '')).toEqual({
      '@type': 'GroceryStore',
      name: '</script><script>alert(1)</script>',
    })
  })
})
