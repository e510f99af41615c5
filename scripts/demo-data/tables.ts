import { table, type Dataset, type TableData } from './dataset.ts'

// The tables the demo data fills, in load order (parents before children). Their columns are the
// migrations' (migrations/*.sql); each domain module names the ones it sets in its rows.
const LOAD_ORDER = [
  'businesses',
  'postcode_rules',
  'brands',
  'brand_hosts',
  'brand_settings',
  'brand_links',
  'countries',
  'geo_outcodes',
  'geo_postcodes',
  'geo_addresses',
  'stores',
  'store_opening_hours',
  'store_closures',
  'delivery_zones',
  'categories',
  'menu_items',
  'store_menu_items',
  'menu_item_options',
  'menu_item_option_values',
  'menu_item_option_value_size_costs',
  'deals',
  'deal_sections',
  'deal_section_items',
  'banners',
  'coupons',
  'marketing_channels',
  'loyalty_schemes',
  'referral_schemes',
  'content_blocks',
  'faqs',
  'seo_pages',
  'seo_redirects',
  'sitemaps',
] as const

type TableName = (typeof LOAD_ORDER)[number]

export type Tables = Record<TableName, TableData> & Pick<Dataset, 'afterLoad'>

export function createTables(): Tables {
  const tables = Object.fromEntries(LOAD_ORDER.map((name) => [name, table(name)]))
  return { ...(tables as Record<TableName, TableData>), afterLoad: [] }
}

/** The dataset, its tables in load order. */
export function toDataset(t: Tables): Dataset {
  return { tables: LOAD_ORDER.map((name) => t[name]), afterLoad: t.afterLoad }
}
