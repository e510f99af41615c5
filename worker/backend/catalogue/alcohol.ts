/*
 * Alcohol promotions that licensing law forbids, decided once for every promotion the backend
 * serves. What we implement, and why:
 *   - Scotland: off-sales may not vary the price of alcohol by the quantity bought (Licensing
 *     (Scotland) Act 2005, schedule 3 paragraph 13 as amended by the Alcohol etc. (Scotland) Act
 *     2010): no multibuy ('any 2 wines for £12') on alcohol at a store in Scotland. Such a deal is
 *     not live there: not listed, not shown, not applied to a basket, and its banner is hidden.
 *   - England and Wales: the Licensing Act 2003 mandatory conditions on irresponsible promotions
 *     (free alcohol, "all you can drink") bind on-trade sales; for off-sales they require an age
 *     verification policy (our 18+ items) and no sale below duty plus VAT. We hold no duty or ABV
 *     data, so neither that floor nor minimum unit pricing (Scotland; Wales) is checked here.
 * A category flag, categories.is_alcohol (on the item's category or its parent), says what is
 * alcohol; a store is in Scotland by its postcode area.
 */

/**
 * Postcode areas in Scotland. TD is mostly Scottish; TD12 and TD15 (Cornhill, Berwick) are in
 * England and are left out.
 */
const SCOTTISH_AREAS = [
  'AB',
  'DD',
  'DG',
  'EH',
  'FK',
  'G',
  'HS',
  'IV',
  'KA',
  'KW',
  'KY',
  'ML',
  'PA',
  'PH',
  'TD',
  'ZE',
] as const
const ENGLISH_TD_DISTRICTS = ['TD12', 'TD15'] as const

/** Whether a UK postcode is in Scotland (by its area, the letters before the first digit). */
export function isScottishPostcode(postcode: string): boolean {
  const outcode = postcode.trim().toUpperCase().split(/\s+/)[0] ?? ''
  const area = /^[A-Z]{1,2}(?=\d)/.exec(outcode)?.[0] ?? ''
  if (!(SCOTTISH_AREAS as ReadonlyArray<string>).includes(area)) return false
  return !(ENGLISH_TD_DISTRICTS as ReadonlyArray<string>).includes(outcode)
}

/** SQL: true when the store with id `storeId` is in Scotland (the same rule as above). */
export function storeInScotland(storeId: string): string {
  const outcode = `upper(case when instr(trim(sc.postcode), ' ') > 0
    then substr(trim(sc.postcode), 1, instr(trim(sc.postcode), ' ') - 1) else trim(sc.postcode) end)`
  const areas = SCOTTISH_AREAS.map((area) => `'${area}'`).join(', ')
  const english = ENGLISH_TD_DISTRICTS.map((district) => `'${district}'`).join(', ')
  // The area is the outcode's letters: one letter then a digit ('G2'), or two letters.
  return `exists (select 1 from stores sc where sc.id = ${storeId}
    and (case when substr(${outcode}, 2, 1) glob '[0-9]' then substr(${outcode}, 1, 1)
      else substr(${outcode}, 1, 2) end) in (${areas})
    and ${outcode} not in (${english}))`
}

/** SQL: 1 when the category aliased `category` (or its parent) is alcohol. */
export function alcoholCategory(category: string): string {
  return `(${category}.is_alcohol = 1 or coalesce(
    (select ap.is_alcohol from categories ap where ap.id = ${category}.parent_id), 0) = 1)`
}

/**
 * SQL over the deal aliased `d`: true unless licensing forbids it at the store with id `storeId`
 * (a multibuy with an alcohol item, at a store in Scotland).
 */
export function dealAllowedAtStore(storeId: string): string {
  return `not (d.kind = 'multibuy'
    and exists (select 1 from deal_sections ads
      join deal_section_items adsi on adsi.deal_section_id = ads.id
      join menu_items ai on ai.id = adsi.menu_item_id
      join categories ac on ac.id = ai.category_id
      where ads.deal_id = d.id and ${alcoholCategory('ac')})
    and ${storeInScotland(storeId)})`
}
