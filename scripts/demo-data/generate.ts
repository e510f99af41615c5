import { addAbroad } from './abroad.ts'
import { addCatalogue, addStoreOverrides } from './catalogue-rows.ts'
import { addContent } from './content.ts'
import { parseCsv } from '../lib/csv.ts'
import type { Dataset } from './dataset.ts'
import { addGeography } from './geography.ts'
import { addHarbour } from './harbour.ts'
import { createRandom } from './prng.ts'
import { addPromotions } from './promotions.ts'
import { addStores } from './stores.ts'
import { createTables, toDataset } from './tables.ts'
import { addCountries, addTenancy } from './tenancy.ts'

/** The shipped CSV files, as text (read from disk in Node, `?raw` imports in the Workers pool). */
export interface DemoDataInput {
  outcodesCsv: string
  manchesterPostcodesCsv: string
}

export interface DemoDataOptions {
  seed?: number
  /** Total stores; beyond the hand-placed demo stores, extra ones go to outcodes across the UK. */
  stores?: number
  /** Minimum number of menu items; beyond the demo range, variants of it are added. */
  items?: number
  /** Store price/stock overrides per store (the demo default is about 4% of the range). */
  overridesPerStore?: number
  /**
   * One shard's part (ADR 047): 'first' is Corner Fresh Group with the reference data, 'harbour'
   * Harbour Pantry and the two businesses abroad (Liffey Larder, Domstad Markt) with the same
   * reference data (countries, postcodes); absent, every business.
   */
  only?: 'first' | 'harbour'
}

export const DEMO_SEED = 20261121

/** Builds the whole demo dataset: deterministic for a seed and the same CSV input. */
export function generateDemoData(input: DemoDataInput, options: DemoDataOptions = {}): Dataset {
  const random = createRandom(options.seed ?? DEMO_SEED)
  const outcodes = parseCsv(input.outcodesCsv)
  const postcodes = parseCsv(input.manchesterPostcodesCsv)
  const outcodeByCode = new Map(outcodes.map((row) => [row.outcode ?? '', row]))

  const t = createTables()
  if (options.only === 'harbour') {
    addCountries(t)
    addGeography(t, outcodes, postcodes, random)
    addHarbour(t, outcodeByCode)
    addAbroad(t)
    return toDataset(t)
  }
  addTenancy(t)
  addGeography(t, outcodes, postcodes, random)
  const storeIds = addStores(t, outcodeByCode, outcodes, postcodes, random, options.stores ?? 14)
  const products = addCatalogue(t, random, options.items ?? 0)
  addStoreOverrides(t, storeIds, products, random, options.overridesPerStore)
  addPromotions(t, products)
  addContent(t)
  if (options.only !== 'first') {
    addHarbour(t, outcodeByCode)
    addAbroad(t)
  }
  return toDataset(t)
}

/**
 * Raise when the generated demo data changes, so `npm run dev` can tell a developer whose local
 * database holds an older version (2: the third brand; 3: readable hot-food badges; 4: price
 * claims with their earlier price's period, tobacco and alcohol flagged; 5: the loyalty scheme's
 * £2.50 reward every 250 points; 6: the referral scheme; 7: home, header and footer blocks in
 * each brand's words, footer links to the real routes, per-brand legal pages, town landing pages,
 * old-slug redirects to the routes that own them and a dev host, cornerfresh-dev.localhost; 8:
 * Northside Market's accent light enough for its text, as the operator console's contrast check
 * asks; 10: each sub-category pictured by its first item's packshot; 11: the cookie policy says
 * only what is true, and the refer-a-friend FAQ states the offer as the pages do; 12: a second
 * business, Harbour Pantry on harbour.localhost, with its own stores, range and operator; 13:
 * packshots draw what is inside with a Fluent Emoji icon, drawing version v2, and each item is
 * described with its brand and a sentence about its range; 14: food information for every food
 * item, from its sub-category's template in product-food.ts, and each business's operator address;
 * 15: green seedless grapes drawn with the green grapes icon; 16: loose produce, counter meat, fish,
 * cheese and deli sold by weight, ADR 039; 17: a VAT class per item, a rule per category, ADR 051;
 * 18: two businesses abroad, Liffey Larder on dublin.localhost and Domstad Markt on
 * utrecht.localhost, ADR 052; 19: Domstad Markt's food and soft drinks at the Dutch reduced
 * rate, not zero-rated as in the UK, ADR 051; 20: the stored unit price labels round the price per
 * unit before formatting it, as the pages do: 99.6p/kg reads '£1.00/kg', not '100p/kg'; 21: Domstad Markt's range in Dutch: its
 * categories, items, sizes, badges, storage and origin, and the names on their packshots; 22:
 * Domstad Markt's ingredient lists, legal pages, contact subjects and description in Dutch).
 */
export const DEMO_DATA_VERSION = 22
