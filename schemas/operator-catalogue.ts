import { z } from 'zod'
import { ImageSetSchema } from './catalogue.ts'
import { BusinessIdSchema, IdSchema, MoneySchema } from './common.ts'

/**
 * The operator console's catalogue area (ADR 029): CSV import (a dry run, then an
 * all-or-nothing apply) and export of categories, items and store prices, item pictures, and
 * each store's quick edit of prices and stock.
 */

/** The kinds of catalogue file: one file per kind, keyed by slugs (never ids). */
export const CATALOGUE_KINDS = ['categories', 'items', 'options', 'store-items'] as const
export type CatalogueKind = (typeof CATALOGUE_KINDS)[number]
export const CatalogueKindSchema = z.enum(CATALOGUE_KINDS)

/** Rows a file may have (a 20,000-item catalogue fits with room to spare). */
export const CATALOGUE_MAX_ROWS = 50_000
/** The largest CSV upload. */
export const CATALOGUE_MAX_BYTES = 20 * 1024 * 1024

/**
 * The uploaded file, posted as `file[]` (the backend's multipart reader, worker/lib/request-body.ts,
 * passes files only under `name[]`): exactly one.
 */
const FileSchema = z.array(z.file().meta({ type: 'string', format: 'binary' })).length(1)

/** POST /staff/operator/catalogue/import/check (multipart): a dry run that changes nothing. */
export const CatalogueImportCheckSchema = z.object({
  businessId: BusinessIdSchema,
  kind: CatalogueKindSchema,
  file: FileSchema,
})

/** POST /staff/operator/catalogue/import/apply (multipart): the same file, applied. */
export const CatalogueImportApplySchema = CatalogueImportCheckSchema.extend({
  /** The dry run's `version`: the apply refuses when the catalogue changed since. */
  version: z.string().regex(/^[0-9a-f]{64}$/),
})

/** One problem in a file: its row (the header is row 1) and column, and what is wrong. */
export type CatalogueRowError = z.infer<typeof CatalogueRowErrorSchema>
export const CatalogueRowErrorSchema = z.object({
  row: z.int().nonnegative(),
  column: z.string(),
  message: z.string(),
})

/** What a file would do (or did): every error, and the counts of rows created/updated/unchanged. */
export type CatalogueImportReport = z.infer<typeof CatalogueImportReportSchema>
export const CatalogueImportReportSchema = z.object({
  kind: CatalogueKindSchema,
  rows: z.int().nonnegative(),
  errors: z.array(CatalogueRowErrorSchema),
  created: z.int().nonnegative(),
  updated: z.int().nonnegative(),
  unchanged: z.int().nonnegative(),
  /** Options and values of the file's items that the file no longer lists (options files only). */
  removed: z.int().nonnegative(),
  /** SHA-256 of the file's bytes (the audit entry names it). */
  fileHash: z.string(),
  /** SHA-256 of the catalogue's current export of this kind: pass it to apply. */
  version: z.string(),
  applied: z.boolean(),
})

/** POST /staff/operator/catalogue/export: the kind's CSV, in the import's format. */
export const CatalogueExportRequestSchema = z.object({
  businessId: BusinessIdSchema,
  kind: CatalogueKindSchema,
})
export const CatalogueExportSchema = z.object({
  kind: CatalogueKindSchema,
  filename: z.string(),
  csv: z.string(),
})

/** The items a page of the quick edit shows. */
export const QUICK_EDIT_PAGE_SIZE = 25

/** POST /staff/operator/catalogue/store-items/list: a store's items with its prices, by name. */
export const StoreItemsListRequestSchema = z.object({
  businessId: BusinessIdSchema,
  storeId: IdSchema,
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
})

export type StoreItemRow = z.infer<typeof StoreItemRowSchema>
export const StoreItemRowSchema = z.object({
  itemId: IdSchema,
  slug: z.string(),
  name: z.string(),
  size: z.string().nullable(),
  /** The item's own price and was price (the store's defaults). */
  itemPrice: MoneySchema,
  itemWasPrice: MoneySchema.nullable(),
  /** The store's own, null when it charges the item's. */
  price: MoneySchema.nullable(),
  wasPrice: MoneySchema.nullable(),
  outOfStock: z.boolean(),
  available: z.boolean(),
})

export const StoreItemsPageSchema = z.object({
  store: z.object({ storeId: IdSchema, name: z.string(), slug: z.string() }),
  items: z.array(StoreItemRowSchema),
  total: z.int().nonnegative(),
  page: z.int().positive(),
  pages: z.int().nonnegative(),
})

/** POST /staff/operator/catalogue/store-items/update: a few of a store's items in one change. */
export const StoreItemsUpdateSchema = z.object({
  businessId: BusinessIdSchema,
  storeId: IdSchema,
  items: z
    .array(
      z.object({
        itemId: IdSchema,
        price: MoneySchema.positive().nullable(),
        wasPrice: MoneySchema.positive().nullable(),
        outOfStock: z.boolean(),
        available: z.boolean(),
      })
    )
    .min(1)
    .max(200),
})
export const StoreItemsUpdatedSchema = z.object({ updated: z.int().nonnegative() })

/** POST /staff/operator/catalogue/items/image (multipart): an item's new picture. */
export const ItemImageUploadSchema = z.object({
  businessId: BusinessIdSchema,
  itemId: IdSchema,
  file: FileSchema,
})

/** The picture at the shop's three densities (spec §9): mdpi_1x is 160 px wide. */
export const ItemImageSchema = ImageSetSchema.extend({ itemId: IdSchema })

/** The pixel width of each density the shop's srcset names. */
export const ITEM_IMAGE_WIDTHS = { mdpi_1x: 160, xhdpi_2x: 320, xxhdpi_3x: 480 } as const

/**
 * "1.20", "£1.20", "€3" → minor units; anything else (e.g. "£1.2x", "1.234", "1,20") → null. The
 * catalogue file's one format in every country (a point before the cents), its sign optional:
 * the console's price boxes are labelled with the shop's ('Price (€)'), so people type it.
 */
export function parsePrice(text: string): number | null {
  const match = /^[£€$]?\s*(\d{1,6})(?:\.(\d{1,2}))?$/.exec(text.trim())
  if (!match) return null
  const pence = Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'))
  return pence
}

/** POST /staff/operator/catalogue/overview: what the area's home shows. */
export const CatalogueOverviewRequestSchema = z.object({ businessId: BusinessIdSchema })
export const CatalogueOverviewSchema = z.object({
  categories: z.int().nonnegative(),
  items: z.int().nonnegative(),
  stores: z.array(z.object({ storeId: IdSchema, name: z.string(), slug: z.string() })),
})

/** POST /staff/operator/catalogue/items/get: an item's name and pictures (its picture page). */
export const CatalogueItemRequestSchema = z.object({
  businessId: BusinessIdSchema,
  itemId: IdSchema,
})
export const CatalogueItemSchema = ItemImageSchema.extend({
  name: z.string(),
  slug: z.string(),
})

/**
 * The columns of the items file the single-item edit page changes (issue 41): the rest of the
 * item's row (tags, position, nutrition …) is kept as it is. The page's fields are named after
 * them, so a check's error by column is the field's error.
 */
export const ITEM_EDIT_COLUMNS = [
  'name',
  'category',
  'price',
  'was_price',
  'size',
  'description',
  'ingredients',
  'contains',
  'may_contain',
  'storage',
  'origin',
  'net_quantity',
  'out_of_stock',
  'vat_class',
] as const
export type ItemEditColumn = (typeof ITEM_EDIT_COLUMNS)[number]

/** An item's editable cells as the items file writes them ("1.20", "milk;eggs", "yes"). */
export const ItemEditCellsSchema = z.object(
  Object.fromEntries(ITEM_EDIT_COLUMNS.map((column) => [column, z.string().max(5000)])) as Record<
    ItemEditColumn,
    z.ZodString
  >
)
export type ItemEditCells = z.infer<typeof ItemEditCellsSchema>

/** POST /staff/operator/catalogue/items/edit: the edit page's item, its cells and the categories. */
export const CatalogueItemEditSchema = z.object({
  itemId: IdSchema,
  name: z.string(),
  cells: ItemEditCellsSchema,
  categories: z.array(z.object({ slug: z.string(), name: z.string() })),
})

/** POST /staff/operator/catalogue/items/save: the edited cells, checked as an import's row. */
export const CatalogueItemSaveSchema = z.object({
  businessId: BusinessIdSchema,
  itemId: IdSchema,
  cells: ItemEditCellsSchema,
})
export const CatalogueItemSavedSchema = z.object({
  itemId: IdSchema,
  /** False when nothing differed from the item as it was. */
  changed: z.boolean(),
})
