import { dutchCategory, dutchItem } from './dutch-range.ts'
import { addLegalPages, addRangeSubset, type RangeWords } from './harbour.ts'
import { createRandom } from './prng.ts'
import { addStore, type StoreProfile } from './stores.ts'
import type { Tables } from './tables.ts'
import { addBusiness, type DemoBrand, type DemoBusiness } from './tenancy.ts'

/**
 * Two demo businesses abroad (issue 43, ADR 052), each unrelated to the others like Harbour
 * Pantry: Liffey Larder in Dublin (en-IE, euros, Eircodes) and Domstad Markt in Utrecht (nl-NL,
 * euros, Dutch postcodes), on their own *.localhost hosts, with two stores each (placed at their
 * areas' centres, the local geocoder's table in worker/backend/location/country-areas.ts), a
 * subset of the demo range (Domstad Markt's in Dutch) and an operator. Ids sit beside Harbour Pantry's (20/40), far from
 * the tests' hand-made businesses.
 */
export interface AbroadBusiness {
  business: DemoBusiness
  brand: DemoBrand
  stores: ReadonlyArray<AbroadStore>
  seed: number
  idOffset: number
  /** The range in the business's language, when it is not English. */
  words?: RangeWords
}

interface AbroadStore extends StoreProfile {
  id: number
  phone: string
}

export const LIFFEY: AbroadBusiness = {
  business: {
    id: 21,
    name: 'Liffey Larder',
    legalName: 'Liffey Larder Teoranta',
    supportEmail: 'help@liffeylarder.example',
    supportPhone: '+353 1 555 0100',
    foodOperatorAddress: '12 Grafton Street, Dublin 2, D02 X285',
    home: { countryCode: 'IE', currency: 'EUR', locale: 'en_IE', timeZone: 'Europe/Dublin' },
  },
  brand: {
    id: 41,
    slug: 'liffey-larder',
    name: 'Liffey Larder',
    host: 'dublin.localhost',
    productionHost: 'www.liffeylarder.example',
    tagline: 'Groceries from the Liffey',
    primary: '#15803d',
    secondary: '#14532d',
    accent: '#fbbf24',
    font: 'humanist',
    handle: 'liffeylarder',
    orderNumberPrefix: 'LL',
    appStoreId: '6450011111',
    store: { enableStoresSearchByAddress: false, autoSelectClosestStore: false },
    hero: {
      title: 'Liffey Larder: groceries from your local shop',
      subtitle: 'Enter your Eircode to find shops near you.',
    },
  },
  stores: [
    {
      id: 2101,
      slug: 'dublin-grafton-street',
      name: 'Grafton Street',
      line1: '12 Grafton Street',
      town: 'Dublin',
      county: 'Dublin',
      postcode: 'D02 X285',
      latitude: 53.338,
      longitude: -6.254,
      phone: '01 555 0101',
    },
    {
      id: 2102,
      slug: 'dublin-phibsborough',
      name: 'Phibsborough',
      line1: '40 North Circular Road',
      town: 'Dublin',
      county: 'Dublin',
      postcode: 'D07 E2R5',
      latitude: 53.357,
      longitude: -6.284,
      phone: '01 555 0102',
    },
  ],
  seed: 20261201,
  idOffset: 2_000_000,
}

export const DOMSTAD: AbroadBusiness = {
  business: {
    id: 22,
    name: 'Domstad Markt',
    legalName: 'Domstad Markt B.V.',
    supportEmail: 'hulp@domstadmarkt.example',
    supportPhone: '+31 30 555 0100',
    foodOperatorAddress: 'Oudegracht 100, 3511 AX Utrecht',
    home: { countryCode: 'NL', currency: 'EUR', locale: 'nl_NL', timeZone: 'Europe/Amsterdam' },
  },
  brand: {
    id: 42,
    slug: 'domstad-markt',
    name: 'Domstad Markt',
    host: 'utrecht.localhost',
    productionHost: 'www.domstadmarkt.example',
    tagline: 'Boodschappen uit de Domstad',
    primary: '#b91c1c',
    secondary: '#7f1d1d',
    accent: '#fde68a',
    font: 'geometric',
    handle: 'domstadmarkt',
    orderNumberPrefix: 'DM',
    appStoreId: '6450022222',
    store: { enableStoresSearchByAddress: false, autoSelectClosestStore: false },
    hero: {
      title: 'Domstad Markt: boodschappen uit je buurtwinkel',
      subtitle: 'Vul je postcode in om winkels bij jou in de buurt te vinden.',
    },
    words: {
      metaDescription:
        'Domstad Markt: bestel boodschappen, drinken en huishoudartikelen bij je winkel in de buurt, om te laten bezorgen of af te halen.',
      contactTitle: 'Neem contact op',
      contactSubjects: [
        'Vraag over een bestelling',
        'Ontbrekende of beschadigde artikelen',
        'Feedback',
        'Iets anders',
      ],
      faqTitle: 'Veelgestelde vragen',
      forgotPasswordTitle: 'Wachtwoord vergeten?',
      resetPasswordTitle: 'Kies een nieuw wachtwoord',
    },
  },
  stores: [
    {
      id: 2201,
      slug: 'utrecht-oudegracht',
      name: 'Oudegracht',
      line1: 'Oudegracht 100',
      town: 'Utrecht',
      county: '',
      postcode: '3511 AX',
      latitude: 52.092,
      longitude: 5.114,
      phone: '030 555 0101',
    },
    {
      id: 2202,
      slug: 'utrecht-wittevrouwen',
      name: 'Wittevrouwen',
      line1: 'Biltstraat 50',
      town: 'Utrecht',
      county: '',
      postcode: '3572 AR',
      latitude: 52.095,
      longitude: 5.131,
      phone: '030 555 0102',
    },
  ],
  seed: 20261202,
  idOffset: 3_000_000,
  words: { category: dutchCategory, item: dutchItem },
}

export const ABROAD: ReadonlyArray<AbroadBusiness> = [LIFFEY, DOMSTAD]

/** Both businesses abroad, each from its own random stream (the others' rows stay as they were). */
export function addAbroad(t: Tables): void {
  for (const { business, brand, stores, seed, idOffset, words } of ABROAD) {
    const random = createRandom(seed)
    const home = business.home
    if (!home) throw new Error(`${business.name} has no home country`)
    addBusiness(t, business, [brand])
    stores.forEach((store, variant) => {
      addStore(
        t,
        {
          businessId: business.id,
          id: store.id,
          variant,
          emailDomain: `${brand.handle}.example`,
          abroad: { countryCode: home.countryCode, timeZone: home.timeZone, phone: store.phone },
        },
        { ...store, county: store.county },
        random
      )
    })
    addRangeSubset(t, random, business.id, idOffset, home.currency, home.countryCode, words)
    addLegalPages(t, business, brand)
  }
}
