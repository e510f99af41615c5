import {
  CATALOGUE_MAX_BYTES,
  CatalogueItemEditSchema,
  CatalogueItemRequestSchema,
  CatalogueItemSavedSchema,
  CatalogueItemSaveSchema,
  CatalogueItemSchema,
  CatalogueOverviewRequestSchema,
  CatalogueOverviewSchema,
  CatalogueExportRequestSchema,
  CatalogueExportSchema,
  CatalogueImportApplySchema,
  CatalogueImportCheckSchema,
  CatalogueImportReportSchema,
  ItemImageSchema,
  ItemImageUploadSchema,
  StoreItemsListRequestSchema,
  StoreItemsPageSchema,
  StoreItemsUpdatedSchema,
  StoreItemsUpdateSchema,
} from '../../../../schemas/operator-catalogue.ts'
import { MEDIA_IMAGE_MAX_BYTES } from '../../../../schemas/media.ts'
import { now } from '../../../lib/clock.ts'
import { createDomain } from '../../route-registry.ts'
import { requireOperator } from '../guard.ts'
import { OPERATOR_BEARER } from '../routes.ts'
import { applyImport, exportKind, planImport } from './import-service.ts'
import { MESSAGES } from '../../../../schemas/messages.ts'
import { AppError } from '../../../lib/errors.ts'
import { storeItemsPage, updateStoreItems, uploadItemImage } from './service.ts'
import { catalogueOverview, findItem } from './store-items-repo.ts'
import { itemForEdit, saveItem } from './item-edit.ts'

/** The operator console's catalogue (ADR 029): CSV import/export, item pictures, quick edit. */
export const operatorCatalogue = createDomain('Operator catalogue')

const FORMAT =
  'One CSV per kind (categories, items, store-items), header row first, rows keyed by slugs ' +
  '(README "The operator console: catalogue"). Row numbers count the header as row 1.'

// zod's File type is not the runtime's; what readMultipartInput passes is a Blob.
const bytesOf = async ([file]: ReadonlyArray<unknown>): Promise<Uint8Array> =>
  new Uint8Array(await (file as Blob).arrayBuffer())

operatorCatalogue.post(
  '/staff/operator/catalogue/import/check',
  {
    summary: 'Dry run of a catalogue CSV: every error by row and column, and what would change',
    description:
      `${OPERATOR_BEARER} ${FORMAT} Changes nothing. Answers the counts of rows that would be ` +
      'created, updated and left unchanged, the file hash, and the catalogue version to apply with.',
    body: CatalogueImportCheckSchema,
    multipart: { maxBytes: CATALOGUE_MAX_BYTES + 64 * 1024 },
    response: CatalogueImportReportSchema,
    errors: ['unauthorized', 'forbidden', 'payload_too_large'],
  },
  async ({ body }, c) => {
    const caller = await requireOperator(c, body.businessId)
    const plan = await planImport(c.env.DB, caller.businessId, body.kind, await bytesOf(body.file))
    return plan.report
  }
)

operatorCatalogue.post(
  '/staff/operator/catalogue/import/apply',
  {
    summary: 'Applies a catalogue CSV: every row or none',
    description:
      `${OPERATOR_BEARER} ${FORMAT} Checks the file again: any error answers validation_error ` +
      "with a field per error ('row <n> <column>') and writes nothing; a catalogue changed since " +
      'the dry run (version) answers conflict. Otherwise every changed row and one audit entry ' +
      'are written in one transaction.',
    body: CatalogueImportApplySchema,
    multipart: { maxBytes: CATALOGUE_MAX_BYTES + 64 * 1024 },
    response: CatalogueImportReportSchema,
    errors: ['unauthorized', 'forbidden', 'conflict', 'payload_too_large'],
  },
  async ({ body }, c) => {
    const caller = await requireOperator(c, body.businessId)
    return applyImport(c.env.DB, caller, {
      kind: body.kind,
      bytes: await bytesOf(body.file),
      version: body.version,
      at: now(c.env).toISOString(),
    })
  }
)

operatorCatalogue.post(
  '/staff/operator/catalogue/export',
  {
    summary: "The business's catalogue of one kind as CSV, in the import's format",
    description: `${OPERATOR_BEARER} ${FORMAT} Importing the export changes nothing.`,
    body: CatalogueExportRequestSchema,
    response: CatalogueExportSchema,
    errors: ['unauthorized', 'forbidden'],
  },
  async ({ body }, c) => {
    const caller = await requireOperator(c, body.businessId)
    const { csv } = await exportKind(c.env.DB, caller.businessId, body.kind)
    return { kind: body.kind, filename: `${body.kind}.csv`, csv }
  }
)

operatorCatalogue.post(
  '/staff/operator/catalogue/store-items/list',
  {
    summary: "A page of a store's items with its own prices, stock and availability",
    description: `${OPERATOR_BEARER} By name; q narrows to names containing it.`,
    body: StoreItemsListRequestSchema,
    response: StoreItemsPageSchema,
    errors: ['unauthorized', 'forbidden', 'not_found'],
  },
  async ({ body }, c) => {
    const caller = await requireOperator(c, body.businessId)
    return storeItemsPage(c.env.DB, caller.businessId, body)
  }
)

operatorCatalogue.post(
  '/staff/operator/catalogue/store-items/update',
  {
    summary: "Saves a few of a store's items (price, was price, stock, available) in one change",
    description:
      `${OPERATOR_BEARER} A null price is the item's own. A was price must be above the price ` +
      'shown (validation_error at items.<i>.wasPrice). One audit entry for the store.',
    body: StoreItemsUpdateSchema,
    response: StoreItemsUpdatedSchema,
    errors: ['unauthorized', 'forbidden', 'not_found'],
  },
  async ({ body }, c) => {
    const caller = await requireOperator(c, body.businessId)
    return updateStoreItems(c.env.DB, caller, body, now(c.env).toISOString())
  }
)

operatorCatalogue.post(
  '/staff/operator/catalogue/items/image',
  {
    summary: "Uploads an item's picture: stored with its three densities (160, 320, 480 px wide)",
    description:
      `${OPERATOR_BEARER} multipart/form-data with file: a JPEG, PNG, WebP or GIF by its bytes, ` +
      'at most 5 MB (validation_error at file otherwise).',
    body: ItemImageUploadSchema,
    multipart: { maxBytes: MEDIA_IMAGE_MAX_BYTES + 64 * 1024 },
    response: ItemImageSchema,
    errors: ['unauthorized', 'forbidden', 'not_found', 'payload_too_large'],
  },
  async ({ body }, c) => {
    const caller = await requireOperator(c, body.businessId)
    return uploadItemImage(
      c.env.DB,
      c.env.MEDIA,
      caller,
      { itemId: body.itemId, bytes: await bytesOf(body.file) },
      now(c.env).toISOString()
    )
  }
)

operatorCatalogue.post(
  '/staff/operator/catalogue/overview',
  {
    summary: "The catalogue area's home: counts of categories and items, and the stores",
    description: OPERATOR_BEARER,
    body: CatalogueOverviewRequestSchema,
    response: CatalogueOverviewSchema,
    errors: ['unauthorized', 'forbidden'],
  },
  async ({ body }, c) => {
    const caller = await requireOperator(c, body.businessId)
    return catalogueOverview(c.env.DB, caller.businessId)
  }
)

operatorCatalogue.post(
  '/staff/operator/catalogue/items/get',
  {
    summary: "An item's name and pictures at each density",
    description: OPERATOR_BEARER,
    body: CatalogueItemRequestSchema,
    response: CatalogueItemSchema,
    errors: ['unauthorized', 'forbidden', 'not_found'],
  },
  async ({ body }, c) => {
    const caller = await requireOperator(c, body.businessId)
    const item = await findItem(c.env.DB, caller.businessId, body.itemId)
    if (!item) throw new AppError('not_found', MESSAGES.productNotFound)
    return item
  }
)

operatorCatalogue.post(
  '/staff/operator/catalogue/items/edit',
  {
    summary: "An item's editable cells, as its row of the items file, and the categories",
    description: `${OPERATOR_BEARER} The single-item edit page's data (issue 41).`,
    body: CatalogueItemRequestSchema,
    response: CatalogueItemEditSchema,
    errors: ['unauthorized', 'forbidden', 'not_found'],
  },
  async ({ body }, c) => {
    const caller = await requireOperator(c, body.businessId)
    return itemForEdit(c.env.DB, caller.businessId, body.itemId)
  }
)

operatorCatalogue.post(
  '/staff/operator/catalogue/items/save',
  {
    summary: "Saves one item's name, category, prices, description, food information and stock",
    description:
      `${OPERATOR_BEARER} The cells are checked as the items import checks its row (the same ` +
      'messages): any error answers validation_error with a field per column and writes ' +
      "nothing. Columns not sent keep the item's value. One audit entry for the item.",
    body: CatalogueItemSaveSchema,
    response: CatalogueItemSavedSchema,
    errors: ['unauthorized', 'forbidden', 'not_found'],
  },
  async ({ body }, c) => {
    const caller = await requireOperator(c, body.businessId)
    return saveItem(c.env.DB, caller, {
      itemId: body.itemId,
      cells: body.cells,
      at: now(c.env).toISOString(),
    })
  }
)
