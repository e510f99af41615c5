import { type Context, Hono } from 'hono'
import {
  CatalogueHomePage,
  ImportReportPage,
  ItemPicturePage,
  QuickEditPage,
} from './CataloguePages.tsx'
import { ItemEditPage } from './ItemEditPage.tsx'
import { MESSAGES } from '../../../../../schemas/messages.ts'
import {
  CatalogueItemEditSchema,
  CatalogueItemSavedSchema,
  CatalogueItemSchema,
  CatalogueOverviewSchema,
  ItemImageSchema,
  CATALOGUE_KINDS,
  CATALOGUE_MAX_BYTES,
  CatalogueExportSchema,
  CatalogueImportReportSchema,
  type CatalogueKind,
  type ItemEditCells,
  StoreItemsPageSchema,
  StoreItemsUpdatedSchema,
} from '../../../../../schemas/operator-catalogue.ts'
import { MEDIA_IMAGE_MAX_BYTES } from '../../../../../schemas/media.ts'
import type { AppEnv } from '../../../../env.ts'
import { setFlash } from '../../../../lib/cookies/flash.ts'
import { AppError } from '../../../../lib/errors.ts'
import { OPERATOR_PATHS } from '../../../../lib/operator-paths.ts'
import { redirectTo } from '../../../../lib/redirect.ts'
import { readFormBody } from '../../../../lib/request-body.ts'
import { pathId } from '../../frame.ts'
import { operatorOrRefuse } from '../access.ts'
import { auditHref } from '../audit-links.ts'
import { operatorChange, operatorRead } from '../backend.ts'
import { operatorFrame, renderOperator } from '../render.tsx'
import { itemEditCells } from './item-edit-form.ts'
import {
  CATALOGUE_APPLY_FIELDS,
  CATALOGUE_CHECK_FIELDS,
  CATALOGUE_FILE_FIELD,
  CatalogueApplyFormSchema,
  CatalogueCheckFormSchema,
} from './import-form.ts'
import { quickEditItems } from './quick-edit-form.ts'

/*
 * The catalogue area's pages (ADR 029): export links, the import form → the dry run's report →
 * apply (the checked text travels in the form, and the backend checks it again), and a store's
 * quick edit of prices and stock. Forms work without JavaScript.
 */
export const cataloguePages = new Hono<AppEnv>()

const ROOT = OPERATOR_PATHS.catalogue
export const CATALOGUE_PAGE_PATHS = {
  export: (kind: CatalogueKind) => `${ROOT}/export/${kind}`,
  check: `${ROOT}/import`,
  apply: `${ROOT}/import/apply`,
  store: (storeId: number) => `${ROOT}/stores/${storeId}`,
  item: (itemId: number) => `${ROOT}/items/${itemId}`,
  editItem: (itemId: number) => `${ROOT}/items/${itemId}/edit`,
} as const

const isKind = (value: unknown): value is CatalogueKind =>
  CATALOGUE_KINDS.some((kind) => kind === value)

async function home(
  c: Context<AppEnv>,
  staff: Parameters<typeof operatorFrame>[1],
  error: string | null
) {
  const overview = await operatorRead(
    c,
    '/staff/operator/catalogue/overview',
    {},
    CatalogueOverviewSchema
  )
  return renderOperator(
    c,
    'Catalogue',
    (chrome) => (
      <CatalogueHomePage
        frame={operatorFrame(chrome, staff, 'catalogue')}
        exportHref={CATALOGUE_PAGE_PATHS.export}
        historyHref={auditHref('catalogue_import')}
        importAction={CATALOGUE_PAGE_PATHS.check}
        counts={overview}
        stores={overview.stores.map((store) => ({
          name: store.name,
          href: CATALOGUE_PAGE_PATHS.store(store.storeId),
        }))}
        error={error}
      />
    ),
    error ? 422 : 200
  )
}

cataloguePages.get('/', async (c) => {
  const access = await operatorOrRefuse(c)
  if ('response' in access) return access.response
  return home(c, access.staff, null)
})

cataloguePages.get('/export/:kind', async (c) => {
  const access = await operatorOrRefuse(c)
  if ('response' in access) return access.response
  const kind = c.req.param('kind')
  if (!isKind(kind)) return c.notFound()
  const file = await operatorRead(
    c,
    '/staff/operator/catalogue/export',
    { kind },
    CatalogueExportSchema
  )
  return new Response(file.csv, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${file.filename}"`,
      'cache-control': 'private, no-store',
    },
  })
})

/** The backend's multipart body for a file of `kind`. */
function fileForm(kind: CatalogueKind, csv: string, version?: string): FormData {
  const form = new FormData()
  form.set('kind', kind)
  if (version) form.set('version', version)
  form.set('file[]', new File([csv], `${kind}.csv`, { type: 'text/csv' }))
  return form
}

function report(
  c: Context<AppEnv>,
  staff: Parameters<typeof operatorFrame>[1],
  answer: ReturnType<typeof CatalogueImportReportSchema.parse>,
  csv: string,
  message: string | null,
  status: 200 | 409 | 422
) {
  return renderOperator(
    c,
    'Import check',
    (chrome) => (
      <ImportReportPage
        frame={operatorFrame(chrome, staff, 'catalogue')}
        report={answer}
        csv={csv}
        applyAction={CATALOGUE_PAGE_PATHS.apply}
        backHref={ROOT}
        message={message}
      />
    ),
    status
  )
}

cataloguePages.post('/import', async (c) => {
  const access = await operatorOrRefuse(c)
  if ('response' in access) return access.response
  const form = await readFormBody(c.req.raw, CATALOGUE_MAX_BYTES + 64 * 1024)
  const { kind } = CatalogueCheckFormSchema.parse({
    [CATALOGUE_CHECK_FIELDS.kind]: form.get(CATALOGUE_CHECK_FIELDS.kind),
  })
  const file = form.get(CATALOGUE_FILE_FIELD)
  if (kind === null || typeof file === 'string' || file === null || file.size === 0) {
    return home(c, access.staff, MESSAGES.catalogueCsvEmpty)
  }
  const csv = await file.text()
  const answer = await operatorRead(
    c,
    '/staff/operator/catalogue/import/check',
    fileForm(kind, csv),
    CatalogueImportReportSchema
  )
  return report(c, access.staff, answer, csv, null, answer.errors.length > 0 ? 422 : 200)
})

cataloguePages.post('/import/apply', async (c) => {
  const access = await operatorOrRefuse(c)
  if ('response' in access) return access.response
  const form = await readFormBody(c.req.raw, CATALOGUE_MAX_BYTES + 64 * 1024)
  const { kind, csv, version } = CatalogueApplyFormSchema.parse(
    Object.fromEntries(
      Object.values(CATALOGUE_APPLY_FIELDS).map((field) => [field, form.get(field)])
    )
  )
  if (kind === null || csv === null || version === null) {
    return home(c, access.staff, MESSAGES.catalogueCsvEmpty)
  }
  try {
    await operatorChange(c, {
      path: '/staff/operator/catalogue/import/apply',
      body: fileForm(kind, csv, version),
      schema: CatalogueImportReportSchema,
      affects: ['catalogue'],
    })
  } catch (error) {
    if (!(error instanceof AppError) || !['conflict', 'validation_error'].includes(error.code)) {
      throw error
    }
    // Checked again now: the report shows what is wrong with the catalogue as it is.
    const again = await operatorRead(
      c,
      '/staff/operator/catalogue/import/check',
      fileForm(kind, csv),
      CatalogueImportReportSchema
    )
    return report(c, access.staff, again, csv, error.message, error.code === 'conflict' ? 409 : 422)
  }
  setFlash(c, 'catalogueImportApplied')
  return redirectTo(c, ROOT, 303)
})

async function quickEdit(
  c: Context<AppEnv>,
  staff: Parameters<typeof operatorFrame>[1],
  storeId: number,
  errors: Record<string, string>
) {
  const q = c.req.query('q') ?? ''
  const page = Math.max(1, Number(c.req.query('page') ?? '1') || 1)
  const answer = await operatorRead(
    c,
    '/staff/operator/catalogue/store-items/list',
    { storeId, q, page },
    StoreItemsPageSchema
  )
  const base = CATALOGUE_PAGE_PATHS.store(storeId)
  const pageHref = (n: number) => `${base}?${new URLSearchParams({ q, page: String(n) })}`
  const self = `${base}?${new URLSearchParams({ q, page: String(page) })}`
  return renderOperator(
    c,
    `Prices and stock: ${answer.store.name}`,
    (chrome) => (
      <QuickEditPage
        frame={operatorFrame(chrome, staff, 'catalogue')}
        storeName={answer.store.name}
        items={answer.items}
        itemHref={CATALOGUE_PAGE_PATHS.editItem}
        q={q}
        action={self}
        historyHref={auditHref('store', storeId)}
        searchAction={base}
        previousHref={page > 1 ? pageHref(page - 1) : null}
        nextHref={page < answer.pages ? pageHref(page + 1) : null}
        errors={errors}
      />
    ),
    Object.keys(errors).length > 0 ? 422 : 200
  )
}

cataloguePages.get('/stores/:storeId', async (c) => {
  const access = await operatorOrRefuse(c)
  if ('response' in access) return access.response
  const storeId = pathId(c.req.param('storeId'))
  if (storeId === null) return c.notFound()
  return quickEdit(c, access.staff, storeId, {})
})

cataloguePages.post('/stores/:storeId', async (c) => {
  const access = await operatorOrRefuse(c)
  if ('response' in access) return access.response
  const storeId = pathId(c.req.param('storeId'))
  if (storeId === null) return c.notFound()
  const parsed = quickEditItems(await readFormBody(c.req.raw))
  if ('errors' in parsed) return quickEdit(c, access.staff, storeId, parsed.errors)
  try {
    await operatorChange(c, {
      path: '/staff/operator/catalogue/store-items/update',
      body: { storeId, items: parsed.items },
      schema: StoreItemsUpdatedSchema,
      affects: ['catalogue'],
    })
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'validation_error') throw error
    const errors: Record<string, string> = {}
    for (const field of error.fields ?? []) {
      const index = Number(/^items\.(\d+)\./.exec(field.field)?.[1] ?? NaN)
      const item = parsed.items[index]
      if (item) errors[`item-${item.itemId}`] = field.message
    }
    return quickEdit(c, access.staff, storeId, errors)
  }
  setFlash(c, 'operatorChangesSaved')
  return redirectTo(c, c.req.url.replace(/^https?:\/\/[^/]+/, ''), 303)
})

async function picturePage(
  c: Context<AppEnv>,
  staff: Parameters<typeof operatorFrame>[1],
  itemId: number,
  error: string | null
) {
  const item = await operatorRead(
    c,
    '/staff/operator/catalogue/items/get',
    { itemId },
    CatalogueItemSchema
  )
  return renderOperator(
    c,
    `Picture: ${item.name}`,
    (chrome) => (
      <ItemPicturePage
        frame={operatorFrame(chrome, staff, 'catalogue')}
        item={item}
        action={CATALOGUE_PAGE_PATHS.item(itemId)}
        backHref={ROOT}
        historyHref={auditHref('menu_item', itemId)}
        error={error}
      />
    ),
    error ? 422 : 200
  )
}

cataloguePages.get('/items/:itemId', async (c) => {
  const access = await operatorOrRefuse(c)
  if ('response' in access) return access.response
  const itemId = pathId(c.req.param('itemId'))
  if (itemId === null) return c.notFound()
  return picturePage(c, access.staff, itemId, null)
})

cataloguePages.post('/items/:itemId', async (c) => {
  const access = await operatorOrRefuse(c)
  if ('response' in access) return access.response
  const itemId = pathId(c.req.param('itemId'))
  if (itemId === null) return c.notFound()
  const form = await readFormBody(c.req.raw, MEDIA_IMAGE_MAX_BYTES + 64 * 1024)
  const file = form.get('file')
  const body = new FormData()
  body.set('itemId', String(itemId))
  if (file !== null && typeof file !== 'string') body.set('file[]', file)
  try {
    await operatorChange(c, {
      path: '/staff/operator/catalogue/items/image',
      body,
      schema: ItemImageSchema,
      affects: ['catalogue'],
    })
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'validation_error') throw error
    const message = error.fields?.[0]?.message ?? error.message
    return picturePage(
      c,
      access.staff,
      itemId,
      file === null || typeof file === 'string' ? MESSAGES.mediaImageEmpty : message
    )
  }
  setFlash(c, 'catalogueImageSaved')
  return redirectTo(c, CATALOGUE_PAGE_PATHS.item(itemId), 303)
})

async function itemEditPage(
  c: Context<AppEnv>,
  staff: Parameters<typeof operatorFrame>[1],
  itemId: number,
  edited: { cells: ItemEditCells; errors: Record<string, string> } | null
) {
  const item = await operatorRead(
    c,
    '/staff/operator/catalogue/items/edit',
    { itemId },
    CatalogueItemEditSchema
  )
  return renderOperator(
    c,
    `Edit: ${item.name}`,
    (chrome) => (
      <ItemEditPage
        frame={operatorFrame(chrome, staff, 'catalogue')}
        name={item.name}
        cells={edited?.cells ?? item.cells}
        categories={item.categories}
        errors={edited?.errors ?? {}}
        action={CATALOGUE_PAGE_PATHS.editItem(itemId)}
        pictureHref={CATALOGUE_PAGE_PATHS.item(itemId)}
        backHref={ROOT}
        historyHref={auditHref('menu_item', itemId)}
      />
    ),
    edited ? 422 : 200
  )
}

cataloguePages.get('/items/:itemId/edit', async (c) => {
  const access = await operatorOrRefuse(c)
  if ('response' in access) return access.response
  const itemId = pathId(c.req.param('itemId'))
  if (itemId === null) return c.notFound()
  return itemEditPage(c, access.staff, itemId, null)
})

cataloguePages.post('/items/:itemId/edit', async (c) => {
  const access = await operatorOrRefuse(c)
  if ('response' in access) return access.response
  const itemId = pathId(c.req.param('itemId'))
  if (itemId === null) return c.notFound()
  const cells = itemEditCells(await readFormBody(c.req.raw))
  try {
    await operatorChange(c, {
      path: '/staff/operator/catalogue/items/save',
      body: { itemId, cells },
      schema: CatalogueItemSavedSchema,
      affects: ['catalogue'],
    })
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'validation_error') throw error
    const errors: Record<string, string> = {}
    for (const field of error.fields ?? []) errors[field.field] ??= field.message
    return itemEditPage(c, access.staff, itemId, { cells, errors })
  }
  setFlash(c, 'operatorChangesSaved')
  return redirectTo(c, CATALOGUE_PAGE_PATHS.editItem(itemId), 303)
})
