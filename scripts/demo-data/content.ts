import { addRow } from './dataset.ts'
import type { Tables } from './tables.ts'
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
      'Share your referral code. When your friend places their first order you both get £5.00 off your next order.',
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
      'We help independent and local stores deliver groceries, fresh food and essentials to their neighbourhoods, usually within the hour.',
    ],
    [
      'delivery-information',
      'Delivery information',
      'Delivery areas, fees, minimum spend and time slots.',
      'Each store sets its own delivery area, fee and minimum spend. You will see them before you check out. Choose ASAP or book a time slot up to a week ahead.',
    ],
    [
      'terms-and-conditions',
      'Terms and conditions',
      'The terms that apply when you order from us.',
      '## Ordering\nWhen you place an order you make an offer to buy the items in your basket.\n\n## Age restricted items\nAlcohol and tobacco are sold only to adults aged 18 and over.',
    ],
    [
      'privacy-policy',
      'Privacy policy',
      'How we collect and use your personal data.',
      'We use your details to take and deliver your orders, to keep your account secure and, if you agree, to send you offers. You can change your marketing preferences at any time.',
    ],
    [
      'cookie-policy',
      'Cookie policy',
      'The cookies we use and why.',
      'We use essential cookies to keep you signed in and remember your basket and location.',
    ],
  ]
  for (const [slug, title, description, body] of pages) {
    addRow(t.seo_pages, {
      business_id: BUSINESS_ID,
      brand_id: null,
      slug,
      title,
      meta_description: description,
      heading: title,
      body,
    })
  }
  const redirects: Array<[string, string]> = [
    ['help', '/faqs'],
    ['terms', '/terms-and-conditions'],
    ['privacy', '/privacy-policy'],
    ['contact-us', '/contact'],
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
