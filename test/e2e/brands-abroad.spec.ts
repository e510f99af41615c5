import type { Page } from '@playwright/test'
import { CARDS, expect, PaymentPage, StorePages, test } from './pages/index.ts'
import { type CardPageLabels, CheckoutPages, ENGLISH_CARD_PAGE } from './pages/checkout.ts'
import { screenshots, uniqueEmail, urlOn, waitForIsland } from './helpers.ts'

/*
 * The demo brands abroad shopped end to end (issue 43, ADR 045/049/051/052): Liffey Larder in
 * Dublin (en-IE, euros, Eircodes) and Domstad Markt in Utrecht (nl-NL, euros, Dutch postcodes,
 * Dutch words). Each journey searches by the country's postcode, opens the nearest store, adds
 * items, checks out as a guest with the country's address form, holds a delivery slot, pays in
 * the card sandbox and reads the confirmation, the tracking page and the receipt's VAT by rate.
 * The clock is pinned (fixtures.ts): Wednesday 25 November 2026, 12:00 UTC.
 */

interface Abroad {
  /** The journey's title. */
  title: string
  name: string
  host: string
  postcode: string
  /** The search box's label. */
  searchLabel: string
  storeName: string
  storeSlug: string
  /** The sub-category the first item is chosen from, its name as the brand says it. */
  category: { path: string; name: string }
  /**
   * Two items' pages (sub-category and item slugs), how many of each (over the €10 minimum) and
   * the price as the item's card writes it.
   */
  items: ReadonlyArray<{ path: string; name: RegExp; quantity: number; price: string }>
  /** What the shopper's basket costs, as the brand writes it. */
  basketTotal: string
  address: ReadonlyArray<{ label: string; value: string }>
  /** The first address field of the country's form. */
  firstAddressLabel: string
  phone: string
  /** The mobile field's hint where a shopper registers: the country's example number. */
  registerPhoneHint: string
  /** The words the brand speaks along the way. */
  words: {
    resultsHeading: string
    shopHere: RegExp
    addToBasket: RegExp
    quantity: string
    added: string
    chooseTime: string
    delivery: string
    guest: string
    detailsHeading: string
    secureCheckout: string
    findStore: string
    firstName: string
    lastName: string
    email: string
    mobile: string
    /** The checkout's mobile field's hint. */
    mobileHint: string
    terms: RegExp
    toPayment: string
    newCard: RegExp
    continue: string
    toCard: string
    thanks: string
    orderNumber: string
    track: string
    receipt: string
    vatHeading: string
    placed: string
    /** The tracking page: the status, its message, the timeline's next step and the booked slot. */
    trackStatus: string
    trackMessage: string
    trackNextStep: string
    trackWhen: RegExp
    /** Words of the UK's tracking page that must not show abroad (none for an English brand). */
    trackNotShown: RegExp | null
    /** The header's main navigation's name. */
    mainNav: string
    basketHeading: string
    deliveryOrCollection: string
    /** The basket's three items as the checkout header counts them. */
    threeItems: string
    footerLegal: string
    termsLink: string
    signInHeading: string
    forgottenPassword: string
    /** The sandbox card page's heading: the total to pay. */
    payHeading: RegExp
    cardPage: CardPageLabels
  }
  /** When the order was placed, as the receipt writes it in the shop's zone (12:00 UTC on). */
  placedAt: RegExp
  /** The tracking timeline's current step's time, in the shop's zone (an island's Intl clock). */
  stepAt: RegExp
  /** The slot's day as the confirmation writes it (Wednesday 25 November 2026 or later). */
  slotDay: RegExp
  /**
   * The receipt's VAT by rate: the goods at each rate with the €1.99 delivery fee shared out pro
   * rata (largest remainder), and the VAT inside them (ADR 051).
   */
  vatRows: ReadonlyArray<{ rate: string; goods: string; vat: string }>
  /** A price as the brand writes it. */
  money: RegExp
}

const DUBLIN: Abroad = {
  title: 'Liffey Larder in Dublin: an Eircode to a paid order, in euros written the Irish way',
  name: 'Liffey Larder',
  host: 'dublin.localhost',
  postcode: 'D02 X285',
  searchLabel: 'Enter your Eircode',
  storeName: 'Grafton Street',
  storeSlug: 'dublin-grafton-street',
  category: { path: '/category/cheese', name: 'Cheese' },
  items: [
    {
      path: '/category/cheese/mature-cheddar-400g',
      name: /Mature cheddar 400g/,
      quantity: 2,
      price: '€3.75',
    },
    {
      path: '/category/fizzy-drinks/cola-6-x-330ml',
      name: /Cola 6 x 330ml/,
      quantity: 1,
      price: '€4.00',
    },
  ],
  // 2 × €3.75 + €4.00
  basketTotal: '€11.50',
  address: [
    { label: 'Address line 1', value: '3 Dawson Street' },
    { label: 'Town or city', value: 'Dublin' },
    { label: 'County', value: 'Dublin' },
    { label: 'Eircode', value: 'D02 X285' },
  ],
  firstAddressLabel: 'Address line 1',
  phone: '085 123 4567',
  registerPhoneHint: 'A mobile number, e.g. 085 012 3456.',
  words: {
    resultsHeading: 'Stores near D02 X285',
    shopHere: /Shop at this store/,
    addToBasket: /^Add to basket/,
    quantity: 'Quantity',
    added: 'Added to basket',
    chooseTime: 'Choose a time',
    delivery: 'Delivery',
    guest: 'Continue as guest',
    detailsHeading: 'Your details',
    secureCheckout: 'Secure checkout',
    findStore: 'Find a store',
    firstName: 'First name',
    lastName: 'Last name',
    email: 'Email address',
    mobile: 'Mobile number',
    mobileHint: 'We will text you about your order. A mobile number, e.g. 085 012 3456.',
    terms: /I agree to the/,
    toPayment: 'Continue to payment',
    newCard: /New card/,
    continue: 'Continue',
    toCard: 'Continue to card details',
    thanks: 'Thank you for your order',
    orderNumber: 'Order number',
    track: 'Track your order',
    receipt: 'Printable receipt',
    vatHeading: 'VAT',
    placed: 'Placed',
    trackStatus: 'Sent to the store',
    trackMessage: 'Your order has been sent to the store.',
    trackNextStep: 'Being picked',
    trackWhen: /^Delivery, \d{1,2} (Nov|Dec) 2026, \d{2}:\d{2}–\d{2}:\d{2}$/,
    trackNotShown: null,
    mainNav: 'Main',
    basketHeading: 'Your basket',
    deliveryOrCollection: 'Delivery or collection',
    threeItems: '3 items',
    footerLegal: 'Terms and policies',
    termsLink: 'Terms & conditions',
    signInHeading: 'Sign in',
    forgottenPassword: 'Forgotten your password?',
    payHeading: /^\s*Pay €13\.49\s*$/,
    cardPage: ENGLISH_CARD_PAGE,
  },
  // Europe/Dublin is on UTC in November.
  placedAt: /^25 Nov 2026, 12:\d\d$/,
  stepAt: /12:\d\d/,
  // en-IE: 'Wed 25 Nov'
  slotDay: /(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} (Nov|Dec), \d{2}:\d{2}–\d{2}:\d{2}/,
  // Cheddar €7.50 at 0 %, cola €4.00 at 23 %; the fee's €1.99 shared €1.30 / €0.69.
  vatRows: [
    { rate: '0%', goods: '€8.80', vat: '€0.00' },
    { rate: '23%', goods: '€4.69', vat: '€0.88' },
  ],
  money: /^€\d+\.\d{2}$/,
}

const UTRECHT: Abroad = {
  title: 'Domstad Markt in Utrecht: a Dutch postcode to a paid order, in Dutch and Dutch euros',
  name: 'Domstad Markt',
  host: 'utrecht.localhost',
  postcode: '3512 AB',
  searchLabel: 'Vul je postcode in',
  storeName: 'Oudegracht',
  storeSlug: 'utrecht-oudegracht',
  category: { path: '/category/cheese', name: 'Kaas' },
  // The range in Dutch (demo data 21), on the same slugs.
  items: [
    {
      path: '/category/cheese/mature-cheddar-400g',
      name: /Oude cheddar 400g/,
      quantity: 2,
      price: '€ 3,75',
    },
    {
      path: '/category/fizzy-drinks/cola-6-x-330ml',
      name: /Cola 6 x 330ml/,
      quantity: 1,
      price: '€ 4,00',
    },
  ],
  basketTotal: '€ 11,50',
  address: [
    { label: 'Postcode', value: '3512 AB' },
    { label: 'Straat en huisnummer', value: 'Lijnmarkt 12' },
    { label: 'Plaats', value: 'Utrecht' },
  ],
  firstAddressLabel: 'Postcode',
  phone: '06 12345678',
  registerPhoneHint: 'Een mobiel nummer, bijv. 06 12345678.',
  words: {
    resultsHeading: 'Winkels bij 3512 AB',
    shopHere: /Winkel hier/,
    addToBasket: /^In mandje/,
    quantity: 'Aantal',
    added: 'Toegevoegd aan je mandje',
    chooseTime: 'Kies een tijd',
    delivery: 'Bezorging',
    guest: 'Doorgaan als gast',
    detailsHeading: 'Je gegevens',
    secureCheckout: 'Veilig afrekenen',
    findStore: 'Winkel zoeken',
    firstName: 'Voornaam',
    lastName: 'Achternaam',
    email: 'E-mailadres',
    mobile: 'Mobiel nummer',
    mobileHint: 'We sturen je een sms over je bestelling. Een mobiel nummer, bijv. 06 12345678.',
    terms: /Ik ga akkoord met de/,
    toPayment: 'Door naar betalen',
    newCard: /Nieuwe kaart/,
    continue: 'Doorgaan',
    toCard: 'Door naar kaartgegevens',
    thanks: 'Bedankt voor je bestelling',
    orderNumber: 'Bestelnummer',
    track: 'Volg je bestelling',
    receipt: 'Afdrukbare bon',
    vatHeading: 'BTW',
    placed: 'Geplaatst',
    trackStatus: 'Naar de winkel gestuurd',
    trackMessage: 'Je bestelling is naar de winkel gestuurd.',
    trackNextStep: 'Wordt verzameld',
    trackWhen: /^Bezorging, \d{1,2} (nov|dec) 2026, \d{2}:\d{2}–\d{2}:\d{2}$/,
    trackNotShown: /Sent to the store|Being picked|Delivery,|Not yet|Your order/,
    mainNav: 'Hoofdmenu',
    basketHeading: 'Je mandje',
    deliveryOrCollection: 'Bezorgen of afhalen',
    threeItems: '3 artikelen',
    footerLegal: 'Voorwaarden en beleid',
    termsLink: 'Algemene voorwaarden',
    signInHeading: 'Inloggen',
    forgottenPassword: 'Wachtwoord vergeten?',
    payHeading: /^\s*€\s13,49 betalen\s*$/,
    cardPage: {
      name: 'Naam op de kaart',
      number: 'Kaartnummer',
      month: 'Vervalmaand (MM)',
      year: 'Vervaljaar (JJ)',
      cvv: 'Beveiligingscode (CVC)',
      pay: 'Nu betalen',
    },
  },
  // Europe/Amsterdam is an hour ahead of UTC in November.
  placedAt: /^25 nov 2026, 13:\d\d$/,
  // Utrecht's time (CET), not UTC's, even under Playwright's clock.
  stepAt: /13:\d\d/,
  // nl-NL: 'wo 25 nov'
  slotDay: /(ma|di|wo|do|vr|za|zo) \d{1,2} (nov|dec), \d{2}:\d{2}–\d{2}:\d{2}/,
  // Food and soft drinks are all at the Dutch reduced rate: €13,49 holds €1,11 btw.
  vatRows: [{ rate: '9%', goods: '€ 13,49', vat: '€ 1,11' }],
  // Intl writes a no-break space after the sign.
  money: /^€\s\d+,\d{2}$/,
}

/** A price as the brand writes its euros. */
function expectMoney(page: Page, abroad: Abroad, text: string): void {
  expect(text.trim(), `a price on ${page.url()}`).toMatch(abroad.money)
}

async function shopAbroad(page: Page, abroad: Abroad, shots: string): Promise<void> {
  const words = abroad.words
  const store = new StorePages(page, abroad.storeSlug, abroad.host)
  const checkout = new CheckoutPages(page, abroad.host)
  const payment = new PaymentPage(page)

  // Home: the brand's search box, typed the country's way.
  await page.goto(urlOn(abroad.host, '/'))
  await screenshots(page, `${shots}-home`, { top: true })
  await waitForIsland(page, 'PostcodeSearch')
  await expect(
    page
      .getByRole('navigation', { name: words.mainNav })
      .getByRole('link', { name: words.findStore })
  ).toBeVisible()
  const box = page.getByRole('search').getByLabel(abroad.searchLabel)
  await box.fill(abroad.postcode)
  await box.press('Enter')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.resultsHeading)
  const card = page.getByRole('article').filter({ hasText: abroad.storeName })
  await card.getByRole('link', { name: words.shopHere }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(abroad.storeName)
  await screenshots(page, `${shots}-store`, { top: true })

  // The category: its name and its first item's card, name and price, in the brand's words and
  // euros; the card leads to the item's page.
  const [first] = abroad.items
  if (!first) throw new Error(`${abroad.name}: no items`)
  await page.goto(store.url(abroad.category.path))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(abroad.category.name)
  const itemCard = page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { level: 3, name: first.name }) })
  await expect(itemCard).toContainText(first.price)
  await screenshots(page, `${shots}-category`, { top: true })
  await itemCard.getByRole('link', { name: first.name }).click()
  await expect(page).toHaveURL(new RegExp(`${first.path}$`))

  // Items, each added from its page; the price is in euros, written the brand's way.
  for (const item of abroad.items) {
    if (item !== first) await page.goto(store.url(item.path))
    await waitForIsland(page, 'ItemOptions')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(item.name)
    await expect(page.getByRole('main')).toContainText(item.price)
    await page.getByLabel(words.quantity, { exact: true }).fill(String(item.quantity))
    await page.getByRole('button', { name: words.addToBasket }).click()
    await expect(page.getByRole('status').filter({ hasText: words.added })).toBeVisible()
  }

  // The basket: the items and the subtotal in the brand's euros, the editor and the footer in
  // the brand's words.
  await page.goto(urlOn(abroad.host, '/basket'))
  await waitForIsland(page, 'BasketEditor')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.basketHeading)
  await expect(page.getByRole('main')).toContainText(abroad.basketTotal)
  for (const item of abroad.items) await expect(page.getByRole('main')).toContainText(item.name)
  await expect(
    page.getByRole('heading', { level: 2, name: words.deliveryOrCollection })
  ).toBeVisible()
  const legal = page.getByRole('contentinfo').getByRole('navigation', { name: words.footerLegal })
  await expect(legal.getByRole('link', { name: words.termsLink })).toBeVisible()
  await screenshots(page, `${shots}-basket`, { top: true })

  // A delivery slot, its day in the brand's language.
  await page.goto(store.url('/time-slots?method=delivery'))
  await waitForIsland(page, 'SlotPicker')
  if (!page.url().includes('/calendar')) {
    await page.getByRole('button', { name: words.chooseTime }).click()
  }
  const slot = page.getByRole('button', { name: /^\d{2}:\d{2}–\d{2}:\d{2}/ }).first()
  const slotText = await slot.innerText()
  expect(slotText).not.toContain('£')
  const range = /^\d{2}:\d{2}–\d{2}:\d{2}/.exec(slotText)?.[0] ?? ''
  await slot.click()
  await expect(page.getByTestId('held-slot')).toContainText(`${words.delivery}, `)
  await expect(page.getByTestId('held-slot')).toContainText(range)

  // Checkout as a guest: the country's address form, the country's mobile number.
  await checkout.open()
  await expect(page).toHaveURL(/\/checkout\/options$/)
  await page.getByRole('link', { name: words.guest }).click()
  await expect(page).toHaveURL(/\/checkout\/details$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.detailsHeading)
  await expect(page.getByText(words.secureCheckout)).toBeVisible()
  const form = page.getByRole('main')
  // No address lookup abroad: the geocoder places a postcode by its area only (ADR 052).
  await expect(form.getByRole('button', { name: 'Find address' })).toHaveCount(0)
  // The country's order: the Dutch form asks the postcode first, the Irish one the lines first.
  const addressInputs = form.locator(
    'input[autocomplete^="address-line"], input[autocomplete="postal-code"], input[autocomplete="address-level2"], input[autocomplete="address-level1"]'
  )
  await expect(addressInputs.first()).toHaveAccessibleName(abroad.firstAddressLabel)
  await form.getByLabel(words.firstName).fill('Ada')
  await form.getByLabel(words.lastName).fill('Lovelace')
  await form.getByLabel(words.email).fill(uniqueEmail(`abroad-${abroad.storeSlug}`))
  await expect(form.getByLabel(words.mobile)).toHaveAccessibleDescription(words.mobileHint)
  await form.getByLabel(words.mobile).fill(abroad.phone)
  for (const field of abroad.address) {
    await form.getByLabel(field.label, { exact: true }).fill(field.value)
  }
  await form.getByLabel(words.terms).check()
  await screenshots(page, `${shots}-checkout`, { top: true })
  await form.getByRole('button', { name: words.toPayment }).click()
  await expect(page).toHaveURL(/\/checkout\/payment$/)

  // Pay by card in the sandbox: the button says the total in the brand's euros. The order's
  // header counts its items and the summary names the slot, in the brand's words.
  await expect(page.locator('[data-checkout-header]')).toContainText(words.threeItems)
  await expect(page.getByRole('main')).toContainText(
    new RegExp(`${words.delivery}: ${abroad.slotDay.source}`)
  )
  await waitForIsland(page, 'PaymentForm')
  await page.getByRole('radio', { name: words.newCard }).check()
  await page.getByRole('button', { name: words.continue, exact: true }).click()
  await expect(page).toHaveURL(/\/checkout\/payment\/billing-address\?shownTotal=\d+$/)
  await page.getByRole('button', { name: words.toCard }).click()
  await expect(page).toHaveURL(/\/sandbox-gateway\/hpp\//)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.payHeading)
  await screenshots(page, `${shots}-card`, { top: true })
  await payment.payByCard(CARDS.success, words.cardPage)

  // The confirmation: thanks, the order number and the slot in the brand's words and dates.
  await expect(page).toHaveURL(/\/checkout\/success/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.thanks)
  const number = (await page.locator(`dt:text("${words.orderNumber}") + dd`).textContent()) ?? ''
  expect(number).toMatch(/^[A-Z]{2}-[A-Z0-9]{8}$/)
  await expect(page.getByRole('main')).toContainText(abroad.slotDay)
  await expect(page.getByRole('main')).toContainText(abroad.basketTotal)
  await expect(page.getByRole('main')).not.toContainText('£')
  await screenshots(page, `${shots}-success`, { top: true })

  // Tracking, then the receipt with its VAT at the country's rates.
  // Its status, message and timeline come from the backend in the business's language; the
  // booked slot is said by the page in the brand's words and the shop's time zone.
  await page.getByRole('link', { name: words.track }).click()
  await expect(page.getByRole('main')).toContainText(number)
  await waitForIsland(page, 'TrackingLive')
  await expect(page.getByTestId('status')).toHaveText(words.trackStatus)
  await expect(page.getByText(words.trackMessage)).toBeVisible()
  const progress = page.getByRole('list').filter({ has: page.locator('[data-step-state]') })
  await expect(progress.locator('[data-step-state="current"]')).toContainText(words.trackStatus)
  await expect(progress.locator('[data-step-state="current"]')).toContainText(abroad.stepAt)
  await expect(progress.locator('[data-step-state="upcoming"]').first()).toContainText(
    words.trackNextStep
  )
  await expect(page.getByTestId('tracking-when')).toHaveText(words.trackWhen)
  if (words.trackNotShown) {
    await expect(page.getByRole('main')).not.toContainText(words.trackNotShown)
  }
  await screenshots(page, `${shots}-tracking`, { top: true })
  await page.getByRole('link', { name: words.receipt }).click()
  await expect(page.locator(`dt:text("${words.placed}") + dd`)).toHaveText(abroad.placedAt)
  const vat = page.getByRole('table', { name: words.vatHeading })
  await expect(vat).toBeVisible()
  const rows = vat.locator('tbody tr')
  await expect(rows).toHaveCount(abroad.vatRows.length)
  for (const [index, row] of abroad.vatRows.entries()) {
    await expect(rows.nth(index).getByRole('rowheader')).toHaveText(row.rate)
    await expect(rows.nth(index).getByRole('cell')).toHaveText([row.goods, row.vat])
  }
  for (const cell of await vat.getByRole('cell').allInnerTexts()) {
    expectMoney(page, abroad, cell)
  }
  await screenshots(page, `${shots}-receipt`, { top: true })

  // The account pages: signing in, in the brand's words.
  await page.goto(urlOn(abroad.host, '/login'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.signInHeading)
  await expect(page.getByRole('link', { name: words.forgottenPassword })).toBeVisible()
  await screenshots(page, `${shots}-account`, { top: true })

  // Registering: the mobile field's hint gives the country's example number.
  await page.goto(urlOn(abroad.host, '/register'))
  await expect(page.locator('#register-phone-hint')).toHaveText(abroad.registerPhoneHint)
}

for (const [abroad, shots] of [
  [DUBLIN, 'abroad-dublin'],
  [UTRECHT, 'abroad-utrecht'],
] as const) {
  test(abroad.title, async ({ page }) => {
    test.setTimeout(240_000)
    await shopAbroad(page, abroad, shots)
  })
}
