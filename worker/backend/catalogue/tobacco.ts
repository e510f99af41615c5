/*
 * Tobacco and related products are never promoted (Tobacco Advertising and Promotion Act 2002;
 * nicotine vapes: Tobacco and Related Products Regulations 2016). One classification decides it:
 * categories.is_tobacco on an item's category or that category's parent. Every promotion the
 * backend serves reads these fragments: recommendations and best sellers leave tobacco out, item
 * badges and was-prices are dropped (items.ts), a deal with a tobacco item in any section is not
 * live (not listed, not shown, not applied to a basket), and a banner that links to tobacco or
 * sits on a tobacco page is not shown.
 */

/** SQL: 1 when the category aliased `category` (or its parent) is tobacco. */
export function tobaccoCategory(category: string): string {
  return `(${category}.is_tobacco = 1 or coalesce(
    (select tp.is_tobacco from categories tp where tp.id = ${category}.parent_id), 0) = 1)`
}

/** SQL: 1 when the menu item with id `itemId` is tobacco. */
export function tobaccoItem(itemId: string): string {
  return `exists (select 1 from menu_items ti join categories tc on tc.id = ti.category_id
    where ti.id = ${itemId} and ${tobaccoCategory('tc')})`
}

/** SQL: true when the deal with id `dealId` has no tobacco item in any section. */
export function dealWithoutTobacco(dealId: string): string {
  return `not exists (select 1 from deal_sections tds
    join deal_section_items tdsi on tdsi.deal_section_id = tds.id
    where tds.deal_id = ${dealId} and ${tobaccoItem('tdsi.menu_item_id')})`
}

/** SQL over the banner aliased `b`: true unless it links to or sits on tobacco. */
export function bannerWithoutTobacco(b: string): string {
  return `not (
    (${b}.category_id is not null and exists (select 1 from categories bc
      where bc.id = ${b}.category_id and ${tobaccoCategory('bc')}))
    or (${b}.link_category_id is not null and exists (select 1 from categories blc
      where blc.id = ${b}.link_category_id and ${tobaccoCategory('blc')}))
    or (${b}.link_menu_item_id is not null and ${tobaccoItem(`${b}.link_menu_item_id`)})
    or (${b}.link_deal_id is not null and not ${dealWithoutTobacco(`${b}.link_deal_id`)}))`
}
