import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '../../../schemas/messages.ts'
import { createApp } from '../../../worker/app.ts'
import { catalogueItemsCsv } from '../../support/catalogue-csv.ts'
import { exeBytes } from '../../support/upload-files.ts'
import { changedTables, fingerprint } from '../../support/workers/db-fingerprint.ts'
import { operatorWorld } from '../operator/fixtures.ts'
import { seedStaff } from '../staff/fixtures.ts'
import { jar } from './cookie-jar.ts'
import { operatorPagesClient } from './operator/console-client.ts'
import { pageText } from './storefront.ts'

/*
 * The catalogue area's pages (ADR 029) as an operator's browser uses them: the import form's
 * dry-run report (errors by row and column, nothing written), apply (303 with a flash, the
 * catalogue's cache purged), the export download, and a store's quick edit.
 */

const app = createApp()
const { get, postForm, postMultipart, signIn } = operatorPagesClient('198.51.107', app)
const ROOT = '/store/operator/catalogue'
let cookies = ''
let storeId = 0

beforeAll(async () => {
  const world = await operatorWorld()
  storeId = world.own.storeId
  const staff = await seedStaff({ operator: true })
  cookies = await signIn(staff.email)
})

function csvUpload(csv: string): FormData {
  const form = new FormData()
  form.set('kind', 'items')
  form.set('file', new File([csv], 'items.csv', { type: 'text/csv' }))
  return form
}

describe('catalogue pages', () => {
  it('shows the area with export links, the import form and the stores', async () => {
    const res = await get(ROOT, cookies)
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain(`href="${ROOT}/export/items"`)
    expect(html).toMatch(/<form[^>]*action="\/store\/operator\/catalogue\/import"[^>]*>/)
    expect(/<form[^>]*import"[^>]*>/.exec(html)?.[0]).toContain('multipart/form-data')
    expect(html).toContain(`href="${ROOT}/stores/${storeId}"`)
    expect(html).toContain('href="/store/operator/audit?entity=catalogue_import"')
  })

  it('reports every error of a file by row and column and writes nothing (422)', async () => {
    const before = await fingerprint()
    const csv = catalogueItemsCsv({ count: 5, prefix: 'page', badRows: { 1: 'price' } })
    const res = await postMultipart(`${ROOT}/import`, csvUpload(csv), cookies)
    expect(res.status).toBe(422)
    const text = pageText(await res.text())
    expect(text).toContain('1 problem in 5 rows')
    expect(text).toContain('Row Column Problem 3 price &quot;£1.2x&quot; is not a price')
    expect(changedTables(before, await fingerprint())).toEqual([])
  })

  it('applies a clean file after its check, then says so', async () => {
    const csv = catalogueItemsCsv({ count: 3, prefix: 'page-ok' })
    const checked = await postMultipart(`${ROOT}/import`, csvUpload(csv), cookies)
    expect(checked.status).toBe(200)
    const html = await checked.text()
    const version = /name="version" value="([0-9a-f]{64})"/.exec(html)?.[1] ?? ''
    await env.CACHE.put('v1:menu-items:b1:probe', 'stale')
    const applied = await postForm(`${ROOT}/import/apply`, { kind: 'items', version, csv }, cookies)
    expect(applied.status).toBe(303)
    expect(await env.CACHE.get('v1:menu-items:b1:probe')).toBeNull()
    const home = await get(ROOT, jar(applied, cookies))
    expect(pageText(await home.text())).toContain(MESSAGES.catalogueImportApplied)
    const row = await env.DB.prepare(
      "select count(*) as n from menu_items where slug like 'page-ok-%'"
    ).first<{ n: number }>()
    expect(row?.n).toBe(3)
  })

  it('downloads an export as CSV', async () => {
    const res = await get(`${ROOT}/export/categories`, cookies)
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect((await res.text()).split('\n')[0]).toBe(
      'slug,name,parent,description,position,active,age_restriction'
    )
  })

  it("saves a store's prices and stock, and shows a bad was price on its row", async () => {
    const page = await get(`${ROOT}/stores/${storeId}?q=Page+ok+1`, cookies)
    const html = await page.text()
    const itemId = /name="itemId" value="(\d+)"/.exec(html)?.[1] ?? ''
    const refused = await postForm(
      `${ROOT}/stores/${storeId}?q=Page+ok+1`,
      { itemId, [`price-${itemId}`]: '2.00', [`wasPrice-${itemId}`]: '1.50' },
      cookies
    )
    expect(refused.status).toBe(422)
    expect(pageText(await refused.text())).toContain(
      'The was price must be above the price (2.00).'
    )
    const saved = await postForm(
      `${ROOT}/stores/${storeId}?q=Page+ok+1`,
      { itemId, [`price-${itemId}`]: '2.00', [`outOfStock-${itemId}`]: 'on' },
      cookies
    )
    expect(saved.status).toBe(303)
    const row = await env.DB.prepare(
      'select price, out_of_stock, is_available from store_menu_items where store_id = ?1 and menu_item_id = ?2'
    )
      .bind(storeId, Number(itemId))
      .first()
    expect(row).toEqual({ price: 200, out_of_stock: 1, is_available: 0 })
  })

  it('refuses a file that is not an image on the picture page, saying why, and changes nothing', async () => {
    const world = await operatorWorld()
    const before = await fingerprint()
    const form = new FormData()
    form.set('file', new File([exeBytes()], 'photo.png', { type: 'image/png' }))
    const res = await postMultipart(`${ROOT}/items/${world.own.menuItemId}`, form, cookies)
    expect(res.status).toBe(422)
    expect(pageText(await res.text())).toContain(MESSAGES.mediaImageType)
    expect(changedTables(before, await fingerprint())).toEqual([])
  })
})
