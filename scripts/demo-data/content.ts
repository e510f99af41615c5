import { addRow } from './dataset.ts'
import type { Tables } from './tables.ts'
import { cookiePolicy, privacyNotice, termsOfSale } from './legal-pages.ts'
import { BRANDS, BUSINESS_ID, searchPrompt } from './tenancy.ts'

/** Each brand's own voice for its home and header blocks (the rest is shared wording). */
const BRAND_COPY: Record<
  (typeof BRANDS)[number]['slug'],
  { announcement: string; usps: Array<[string, string]>; signup: string }
> = {
  'corner-fresh': {
    announcement:
      'Free delivery from Corner Fresh on orders over **£20.00**: use code **FREEDELIVERY** at checkout.',
    usps: [
      ['Delivered in about an hour', 'Corner Fresh stores deliver as soon as they can pack.'],
      ['Click and collect', 'Order ahead and pick your bags up at the till.'],
      ['Fresh every morning', 'Bread, fruit and veg delivered to our shops daily.'],
    ],
    signup: 'Weekly deals and new Corner Fresh stores, straight to your inbox.',
  },
  'northside-market': {
    announcement:
      'Northside Market now delivers seven days a week. Spend over **£20.00** and use code **FREEDELIVERY** for free delivery.',
    usps: [
      ['Groceries in minutes', 'Your nearest Northside Market picks and packs straight away.'],
      ['Seven days a week', 'Early until late, including Sundays and bank holidays.'],
      ['Local favourites', 'Bakers, butchers and growers from across the North.'],
    ],
    signup: 'Offers from your local Northside Market, once a week and never more.',
  },
  'greenway-grocer': {
    announcement:
      'Greenway Grocer: book a delivery slot up to a week ahead, or collect in store the same day.',
    usps: [
      ['Book ahead', 'Choose a delivery slot up to a week in advance.'],
      ['Collect in store', 'Your Greenway Grocer shop packs it ready for you.'],
      ['Seasonal and local', 'Fruit and veg from British growers when in season.'],
    ],
    signup: 'Seasonal recipes and Greenway Grocer offers, twice a month.',
  },
}

const LEGAL_NAME = 'Corner Fresh Group Ltd'
const SUPPORT_EMAIL = 'help@cornerfresh.example'
const SUPPORT_PHONE = '0161 496 0000'
// A fixed date, so the generated data does not change with the day it is generated.
const LEGAL_UPDATED_AT = '2026-11-01T09:00:00.000Z'
// Towns with demo stores that get a landing page (/grocery-delivery/<town>).
const LANDING_TOWNS = ['Manchester', 'Leeds', 'York', 'Liverpool'] as const

export function addContent(t: Tables): void {
  for (const brand of BRANDS) {
    const copy = BRAND_COPY[brand.slug]
    const blocks: Array<[string, string, unknown]> = [
      [
        'home',
        'hero',
        {
          title: `${brand.name}: groceries from your local store`,
          subtitle: searchPrompt(brand.store.enableStoresSearchByAddress),
          imageUrl: `/images/brands/${brand.slug}-hero.svg`,
        },
      ],
      ['home', 'usps', { items: copy.usps.map(([title, text]) => ({ title, text })) }],
      [
        'home',
        'how-it-works',
        {
          steps: [
            {
              title: brand.store.enableStoresSearchByAddress
                ? 'Enter your address'
                : 'Enter your postcode',
              text: `We show the ${brand.name} stores that deliver to you or are close enough to collect from.`,
            },
            {
              title: 'Fill your basket',
              text: 'Fresh produce, everyday essentials and this week’s deals, at the prices in store.',
            },
            {
              title: 'Pick a time and pay',
              text: 'Delivery or collection, as soon as possible or in a slot later in the week.',
            },
          ],
        },
      ],
      ['header', 'announcement', { text: copy.announcement, link: null }],
      [
        'footer',
        'columns',
        {
          columns: [
            {
              title: brand.name,
              links: [
                { label: 'About us', href: '/about-us' },
                { label: 'All stores', href: '/stores' },
              ],
            },
            {
              title: 'Help',
              links: [
                { label: 'FAQs', href: '/faqs' },
                { label: 'Contact us', href: '/contact' },
                { label: 'Delivery information', href: '/delivery-information' },
              ],
            },
            {
              title: 'Legal',
              links: [
                { label: 'Terms and conditions', href: '/terms' },
                { label: 'Privacy policy', href: '/privacy-policy' },
                { label: 'Cookie policy', href: '/cookie-policy' },
              ],
            },
          ],
        },
      ],
      ['footer', 'stay-in-touch', { title: 'Stay in touch', text: copy.signup }],
      [
        'footer',
        'legal',
        {
          text: `${brand.name} is a trading name of Corner Fresh Group Ltd. Alcohol and tobacco are sold only to adults aged 18 and over; we operate Challenge 25.`,
        },
      ],
    ]
    blocks.forEach(([placement, key, content], position) =>
      addRow(t.content_blocks, {
        business_id: BUSINESS_ID,
        brand_id: brand.id,
        placement,
        key,
        content_json: JSON.stringify(content),
        position,
      })
    )
    addRow(t.sitemaps, { brand_id: brand.id, name: 'sitemap.xml' })
    addRow(t.sitemaps, { brand_id: brand.id, name: 'sitemap-stores.xml' })
  }

  const faqs: Array<[string, string, string]> = [
    [
      'Ordering',
      'How do I find my nearest store?',
      'Enter your postcode on the home page and we will show the stores that deliver to you or that you can collect from.',
    ],
    [
      'Ordering',
      'Is there a minimum order?',
      'Some stores have a minimum spend for delivery. You will see it on the store page as Min or No min order.',
    ],
    [
      'Ordering',
      'Can I order in advance?',
      'Yes. Each store shows how many days ahead you can order, and you can pick a delivery or collection slot.',
    ],
    [
      'Ordering',
      'How long is my time slot held?',
      'A slot is held for 15 minutes while you check out. If it expires you can choose another one.',
    ],
    [
      'Delivery',
      'How much does delivery cost?',
      'The delivery fee is set by each store and is shown before you pay. Some stores deliver free above a basket value.',
    ],
    [
      'Delivery',
      'Can I tip my driver?',
      'Yes, you can add a tip at checkout. All of it goes to the driver.',
    ],
    [
      'Delivery',
      'Can I track my order?',
      'Yes. From the moment the store accepts your order you can follow its progress, and the driver once they are on the way.',
    ],
    [
      'Payment',
      'How can I pay?',
      'By card, Apple Pay or Google Pay. Some stores also accept cash on delivery or collection.',
    ],
    [
      'Payment',
      'Is it safe to save my card?',
      'Your card details are held by our payment provider. We only keep the last four digits and the expiry date.',
    ],
    [
      'Age restricted items',
      'Can I buy alcohol and tobacco?',
      'Yes, if you are 18 or over. We operate Challenge 25, so please have photo ID ready on delivery or collection.',
    ],
    [
      'Account',
      'I forgot my password',
      'Use the forgotten password link on the login page and we will email you a link to set a new one.',
    ],
    [
      'Account',
      'How does refer a friend work?',
      "Share your referral link from the Refer a friend page. When your friend's first order is delivered, you each get £5.00 off your next order.",
    ],
  ]
  faqs.forEach(([section, question, answer], position) =>
    addRow(t.faqs, {
      business_id: BUSINESS_ID,
      brand_id: null,
      section,
      question,
      answer,
      position,
    })
  )

  const pages: Array<[string, string, string, string]> = [
    [
      'about-us',
      'About us',
      'Who we are and how we work with local stores.',
      'We help independent and local stores deliver groceries, fresh food and essentials to their neighbourhoods, usually within the hour.\n\n## Local first\nEvery order is picked by a store near you, by people who know their shelves. We bring the ordering, payments and delivery; the store brings the food.\n\n## Get in touch\nQuestions, ideas or a store that should join us? Use our contact page.',
    ],
    [
      'delivery-information',
      'Delivery information',
      'Delivery areas, fees, minimum spend and time slots.',
      'Each store sets its own delivery area, fee and minimum spend. You will see them before you check out.\n\n## When\nChoose ASAP delivery, usually within the hour, or book a time slot up to a week ahead, depending on the store.\n\n## Fees\nThe delivery fee and any minimum spend are shown on the store page and in your basket. Some stores deliver free above a basket value.\n\n## Collection\nPrefer to pick up? Choose collection and bring your order number to the store during your slot.',
    ],
  ]
  // Every SEO page: [brand (null: every brand), slug, title (and heading), description, body].
  const seoPages: Array<[number | null, string, string, string, string]> = pages.map(
    ([slug, title, description, body]) => [null, slug, title, description, body]
  )
  const party = (brandName: string) => ({
    brandName,
    legalName: LEGAL_NAME,
    supportEmail: SUPPORT_EMAIL,
    supportPhone: SUPPORT_PHONE,
  })
  // The legal pages are each brand's: the brand's name is in them (ADR 024).
  for (const brand of BRANDS) {
    const legal: Array<[string, string, string, string]> = [
      [
        'terms',
        'Terms and conditions',
        `The terms of sale for orders from ${brand.name}: ordering, prices, substitutions, delivery, cancellations and refunds.`,
        termsOfSale(party(brand.name)),
      ],
      [
        'privacy-policy',
        'Privacy policy',
        `How ${brand.name} collects, uses and protects your personal data, and your rights under UK GDPR.`,
        privacyNotice(party(brand.name)),
      ],
      [
        'cookie-policy',
        'Cookie policy',
        `The cookies ${brand.name} uses, what each one does and how to control them.`,
        cookiePolicy(party(brand.name)),
      ],
    ]
    for (const [slug, title, description, body] of legal) {
      seoPages.push([brand.id, slug, title, description, body])
    }
  }
  for (const town of LANDING_TOWNS) {
    seoPages.push([
      null,
      `grocery-delivery/${town.toLowerCase()}`,
      `Grocery delivery in ${town}`,
      `Order groceries online from local stores in ${town} for delivery in about an hour, or click and collect.`,
      `Fresh fruit and vegetables, bakery, dairy, drinks and household essentials from independent stores in ${town}, delivered to your door or ready to collect.\n\n## How it works\n1. Enter your postcode to see the stores that deliver to you.\n2. Fill your basket and pick an ASAP delivery or a time slot.\n3. Pay securely and follow your order to your door.`,
    ])
  }
  for (const [brandId, slug, title, description, body] of seoPages) {
    addRow(t.seo_pages, {
      business_id: BUSINESS_ID,
      brand_id: brandId,
      slug,
      title,
      meta_description: description,
      heading: title,
      body,
      updated_at: LEGAL_UPDATED_AT,
    })
  }
  // Old slugs of pages the route table now owns, and a store that changed its slug.
  const redirects: Array<[string, string]> = [
    ['terms-and-conditions', '/terms'],
    ['privacy', '/privacy-policy'],
    ['help', '/faqs'],
    ['contact-us', '/contact'],
    ['cookies', '/cookie-policy'],
    ['stores/piccadilly', '/stores/manchester-piccadilly'],
  ]
  for (const [from, to] of redirects) {
    addRow(t.seo_redirects, {
      business_id: BUSINESS_ID,
      from_slug: from,
      to_path: to,
      status_code: 301,
    })
  }
}
