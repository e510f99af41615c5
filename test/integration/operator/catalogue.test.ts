import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { MenuItemSchema, type ImageSet, type MenuItem } from '../../../schemas/catalogue.ts'
import type { CatalogueImportReport, CatalogueKind } from '../../../schemas/operator-catalogue.ts'
import { backend } from '../../../worker/local-backend.ts'
import { BAD_ROW_COLUMNS, catalogueItemsCsv, csvRowNumber } from '../../support/catalogue-csv.ts'
import { changedTables, fingerprint } from '../../support/workers/db-fingerprint.ts'
import { callBackend } from '../../support/workers/requests.ts'
import { testEnv } from '../auth/fixtures.ts'
import { auditRows, type OperatorWorld, operatorCall, operatorWorld } from './fixtures.ts'

/*
 * The catalogue import (ADR 029) against real migrated D1: the dry run names every error by row
 * and column and writes nothing, the apply is all-or-nothing and audited once, export then import
 * changes nothing, and store prices and pictures land where the shop reads them.
 */

let world: OperatorWorld
beforeAll(async () => {
  world = await operatorWorld()
})

let ip = 0
async function upload(
  path: string,
  fields: Record<string, string>,
  file: string | Uint8Array,
  bearer = world.operator
): Promise<{ status: number; json: unknown }> {
  const form = new FormData()
  form.set('businessId', '1')
  for (const [name, value] of Object.entries(fields)) form.set(name, value)
  form.set('file[]', new File([file], 'upload', { type: 'application/octet-stream' }))
  const res = await backend.request(
    path,
    {
      method: 'POST',
      headers: { authorization: `Bearer ${bearer}`, 'cf-connecting-ip': `198.51.106.${++ip}` },
      body: form,
    },
    testEnv
  )
  return { status: res.status, json: await res.json() }
}

async function check(kind: CatalogueKind, csv: string): Promise<CatalogueImportReport> {
  const answer = await upload('/staff/operator/catalogue/import/check', { kind }, csv)
  expect(answer.status, JSON.stringify(answer.json)).toBe(200)
  return answer.json as CatalogueImportReport
}

async function apply(kind: CatalogueKind, csv: string, version?: string) {
  const report = await check(kind, csv)
  return upload(
    '/staff/operator/catalogue/import/apply',
    { kind, version: version ?? report.version },
    csv
  )
}

/** An item as the shop's catalogue call answers it at the demo store. */
async function callItem(slug: string): Promise<MenuItem> {
  const { status, json } = await callBackend('/catalogue/menu-item', {
    businessId: 1,
    storeId: 1,
    fulfilmentMethod: 'delivery',
    itemSlug: slug,
  })
  expect(status).toBe(200)
  return MenuItemSchema.parse(json)
}

async function exported(kind: CatalogueKind): Promise<string> {
  const answer = await operatorCall('/staff/operator/catalogue/export', { kind }, world.operator)
  expect(answer.status).toBe(200)
  return (answer.json as { csv: string }).csv
}

describe('catalogue CSV dry run', () => {
  it('lists exactly the three bad rows by row and column, and writes nothing', async () => {
    const before = await fingerprint()
    const bad = { 2: 'price', 5: 'category', 7: 'duplicate' } as const
    const report = await check('items', catalogueItemsCsv({ count: 10, badRows: bad }))
    expect(report.errors.map(({ row, column }) => ({ row, column }))).toEqual(
      Object.entries(bad).map(([index, kind]) => ({
        row: csvRowNumber(Number(index)),
        column: BAD_ROW_COLUMNS[kind],
      }))
    )
    expect(report.errors[0]?.message).toBe(
      '"£1.2x" is not a price: write pounds and pence, like 1.20 or £1.20.'
    )
    expect(report.errors[1]?.message).toBe(
      'There is no category "no-such-category" in the catalogue or in this file.'
    )
    expect(report.errors[2]?.message).toBe('"csv-item-1" is already on row 2 of this file.')
    expect({ created: report.created, applied: report.applied }).toEqual({
      created: 10,
      applied: false,
    })
    expect(changedTables(before, await fingerprint())).toEqual([])
  })

  it('names a missing required value, a was price not above the price and a bad tag list', async () => {
    const report = await check(
      'items',
      catalogueItemsCsv({ count: 4, badRows: { 0: 'missing-name', 1: 'was-price', 3: 'tags' } })
    )
    expect(report.errors).toEqual([
      { row: 2, column: 'name', message: 'Enter a value: this column cannot be empty.' },
      { row: 3, column: 'was_price', message: 'The was price must be above the price (1.01).' },
      {
        row: 5,
        column: 'tags',
        message:
          '"Vegan,,Organic" is not a tag list: separate lower-case tags with semicolons, like vegan;organic.',
      },
    ])
  })

  it('refuses unknown store slugs and headers without the required columns', async () => {
    const stores = await check('store-items', 'store,item,price\nnowhere,csv-item-1,1.00\n')
    expect(stores.errors.map((e) => [e.row, e.column])).toEqual([
      [2, 'item'],
      [2, 'store'],
    ])
    const header = await check('items', 'slug,name,colour\nx,X,red\n')
    expect(header.errors.map((e) => e.message)).toEqual([
      'The file has no "category" column.',
      'The file has a column "colour" this kind of file does not have.',
      'The file has no "price" column.',
    ])
  })
})

describe('catalogue CSV apply', () => {
  it('writes nothing when a row is wrong (422, every error), and everything when right', async () => {
    const before = await fingerprint()
    const bad = catalogueItemsCsv({ count: 5, prefix: 'batch', badRows: { 4: 'price' } })
    const refused = await apply('items', bad)
    expect(refused.status).toBe(422)
    expect(changedTables(before, await fingerprint())).toEqual([])

    const good = catalogueItemsCsv({ count: 1200, prefix: 'batch' })
    const applied = await apply('items', good)
    expect(applied.status, JSON.stringify(applied.json).slice(0, 300)).toBe(200)
    expect(applied.json).toMatchObject({ created: 1200, updated: 0, applied: true })
    const found = await env.DB.prepare(
      "select count(*) as n from menu_items where business_id = 1 and slug like 'batch-%'"
    ).first<{ n: number }>()
    expect(found?.n).toBe(1200)
    // Each pack's quantity for sorting by price per unit (ADR 034): '500g' is 0.5 kg.
    const amounts = await env.DB.prepare(
      `select distinct unit_amount as amount from menu_items
       where business_id = 1 and slug like 'batch-%'`
    ).all<{ amount: number | null }>()
    expect(amounts.results).toEqual([{ amount: 0.5 }])
    // FTS follows the triggers: the shop's search finds an imported item.
    const fts = await env.DB.prepare(
      "select count(*) as n from menu_items_fts where menu_items_fts match 'batch'"
    ).first<{ n: number }>()
    expect(fts?.n).toBe(1200)
    const [audit] = await auditRows()
    expect(audit).toMatchObject({ action: 'catalogue.import', entity: 'catalogue_import' })
    expect(JSON.parse(audit?.after_json ?? '{}')).toMatchObject({
      kind: 'items',
      created: 1200,
      updated: 0,
    })
  })

  it('sets an item’s VAT class, keeps it when a file has none, and refuses an unknown one', async () => {
    const classOf = async () =>
      (
        await env.DB.prepare(
          "select vat_class from menu_items where business_id = 1 and slug = 'vat-csv-loaf'"
        ).first<{ vat_class: string }>()
      )?.vat_class
    const set = await apply(
      'items',
      'slug,name,category,price,vat_class\nvat-csv-loaf,VAT loaf,bakery,1.10,Zero\n'
    )
    expect(set.status, JSON.stringify(set.json).slice(0, 300)).toBe(200)
    expect(await classOf()).toBe('zero')
    expect(await exported('items')).toMatch(/\nvat-csv-loaf,VAT loaf,bakery,1\.10,.*,zero\r?\n/)
    // A file from before VAT (no column) leaves the class alone.
    const kept = await apply(
      'items',
      'slug,name,category,price\nvat-csv-loaf,VAT loaf,bakery,1.20\n'
    )
    expect(kept.status).toBe(200)
    expect(await classOf()).toBe('zero')

    const before = await fingerprint()
    const bad = 'slug,name,category,price,vat_class\nvat-csv-loaf,VAT loaf,bakery,1.10,luxury\n'
    expect((await check('items', bad)).errors).toEqual([
      {
        row: 2,
        column: 'vat_class',
        message: 'Use a VAT class of zero, reduced, standard (not "luxury").',
      },
    ])
    expect((await apply('items', bad)).status).toBe(422)
    expect(changedTables(before, await fingerprint())).toEqual([])
    expect(await classOf()).toBe('zero')
  })

  it('rolls everything back when a row fails in the middle of the batch', async () => {
    // A category removed between the check and the batch: the chunk naming it fails, so the
    // earlier chunks that did land are undone too.
    const csv = catalogueItemsCsv({ count: 1100, prefix: 'rollback', category: 'bakery' })
    const report = await check('items', csv)
    const before = await fingerprint()
    const { itemStatements } = await import('../../../worker/backend/operator/catalogue/repo.ts')
    const { parseCatalogueCsv } =
      await import('../../../worker/backend/operator/catalogue/csv-format.ts')
    const rows = parseCatalogueCsv('items', csv).rows.map((r) => r.record)
    const last = rows.at(-1)
    if (last) last.category = 'no-such-category'
    await expect(
      env.DB.batch(itemStatements(env.DB, 1, rows, '2026-11-25T12:00:00Z'))
    ).rejects.toThrow()
    expect(report.created).toBe(1100)
    expect(changedTables(before, await fingerprint())).toEqual([])
  })

  it('refuses (409) when the catalogue changed since the dry run', async () => {
    const csv = catalogueItemsCsv({ count: 2, prefix: 'stale' })
    const report = await check('items', csv)
    await apply('items', catalogueItemsCsv({ count: 1, prefix: 'meanwhile' }))
    const before = await fingerprint()
    const refused = await upload(
      '/staff/operator/catalogue/import/apply',
      { kind: 'items', version: report.version },
      csv
    )
    expect(refused.status).toBe(409)
    expect(changedTables(before, await fingerprint())).toEqual([])
  })

  it('round trips: importing every export changes nothing', async () => {
    for (const kind of ['categories', 'items', 'options', 'store-items'] as const) {
      const csv = await exported(kind)
      const report = await check(kind, csv)
      expect({
        kind,
        errors: report.errors.slice(0, 3),
        created: report.created,
        updated: report.updated,
      }).toEqual({
        kind,
        errors: [],
        created: 0,
        updated: 0,
      })
    }
  })

  it('imports food information, shows it on the item and exports it back unchanged', async () => {
    const header =
      'slug,name,category,price,ingredients,contains,may_contain,nutrition_per,energy_kj,energy_kcal,' +
      'fat,saturates,carbohydrate,sugars,fibre,protein,salt,portion_size,portion_energy_kj,' +
      'portion_energy_kcal,portion_fat,portion_saturates,portion_carbohydrate,portion_sugars,' +
      'portion_fibre,portion_protein,portion_salt,storage,origin,net_quantity,operator_name,operator_address'
    const row =
      'food-csv-flapjack,Flapjack,bakery,1.50,"Oats, butter (milk), golden syrup.",gluten;milk,tree-nuts,' +
      '100g,1883,450,21,11,58,30,4.2,6,0.4,1 bar (60 g),1130,270,12.6,6.6,34.8,18,2.5,3.6,0.24,' +
      'Store in a cool dry place.,Baked in Wales,60g,,'
    const applied = await apply('items', `${header}\n${row}\n`)
    expect(applied.status, JSON.stringify(applied.json).slice(0, 300)).toBe(200)
    const item = await callItem('food-csv-flapjack')
    expect(item.food).toMatchObject({
      contains: ['gluten', 'milk'],
      mayContain: ['tree-nuts'],
      nutrition: {
        per: '100g',
        per100: { energyKcal: 450, fibre: 4.2 },
        portion: { size: '1 bar (60 g)' },
      },
      storage: 'Store in a cool dry place.',
      origin: 'Baked in Wales',
      netQuantity: '60g',
      operator: {
        name: 'Corner Fresh Group Ltd',
        address: '1 Piccadilly Place, Manchester M1 3BN',
      },
    })
    const csv = await exported('items')
    expect(csv).toContain(
      'gluten;milk,tree-nuts,100g,1883,450,21,11,58,30,4.2,6,0.4,1 bar (60 g),1130,270,12.6,6.6,34.8,18,2.5,3.6,0.24,Store in a cool dry place.,Baked in Wales,60g,,'
    )
    const again = await check('items', csv)
    expect({ errors: again.errors.slice(0, 3), updated: again.updated }).toEqual({
      errors: [],
      updated: 0,
    })
  })

  it('updates store overrides and categories by slug', async () => {
    const store = await env.DB.prepare('select slug from stores where id = ?1')
      .bind(world.own.storeId)
      .first<{ slug: string }>()
    const item = await env.DB.prepare('select slug, price from menu_items where id = ?1')
      .bind(world.own.menuItemId)
      .first<{ slug: string; price: number }>()
    const csv = `store,item,price,was_price,out_of_stock,available\n${store?.slug},${item?.slug},0.99,5.00,yes,yes\n`
    const answer = await apply('store-items', csv)
    expect(answer.status, JSON.stringify(answer.json)).toBe(200)
    const row = await env.DB.prepare(
      'select price, was_price, out_of_stock from store_menu_items where store_id = ?1 and menu_item_id = ?2'
    )
      .bind(world.own.storeId, world.own.menuItemId)
      .first()
    expect(row).toEqual({ price: 99, was_price: 500, out_of_stock: 1 })

    const categories = 'slug,name,parent\nnew-child,New child,new-parent\nnew-parent,New parent,\n'
    expect((await apply('categories', categories)).status).toBe(200)
    const child = await env.DB.prepare(
      `select p.slug as parent from categories c join categories p on p.id = c.parent_id
        where c.business_id = 1 and c.slug = 'new-child'`
    ).first<{ parent: string }>()
    expect(child?.parent).toBe('new-parent')
    const loop = await check('categories', 'slug,name,parent\nnew-parent,New parent,new-child\n')
    expect(loop.errors.map((e) => e.column)).toEqual(['parent'])
  })
})

describe('item options by CSV', () => {
  const HEADER = 'item,option,value,extra_cost,min,max,exclusive\n'
  const valueIds = () =>
    env.DB.prepare(
      `select v.name, v.id, v.extra_cost from menu_item_option_values v
         join menu_item_options o on o.id = v.option_id
         join menu_items m on m.id = o.menu_item_id
        where m.business_id = 1 and m.slug = 'batch-2' order by v.name`
    ).all<{ name: string; id: number; extra_cost: number }>()

  it('refuses an option whose minimum is above its maximum, and unknown items', async () => {
    const report = await check(
      'options',
      `${HEADER}batch-2,Size,Small,0,2,1,yes\nno-such-item,Size,Small,0,0,1,yes\n`
    )
    expect(report.errors).toEqual([
      { row: 2, column: 'min', message: 'The minimum (2) cannot be above the maximum (1).' },
      { row: 3, column: 'item', message: 'There is no item "no-such-item" in the catalogue.' },
    ])
  })

  it('writes every option of the items named, updates in place and removes what is left out', async () => {
    const first =
      `${HEADER}batch-2,Size,Small,0,1,1,yes\nbatch-2,Size,Large,0.50,1,1,yes\n` +
      'batch-2,Extras,Cheese,0.30,0,3,no\n'
    const applied = await apply('options', first)
    expect(applied.json).toMatchObject({ created: 3, updated: 0, removed: 0 })
    const kind = await env.DB.prepare(
      "select add_to_basket_type as t from menu_items where business_id = 1 and slug = 'batch-2'"
    ).first<{ t: string }>()
    expect(kind?.t).toBe('options')
    const small = (await valueIds()).results.find((row) => row.name === 'Small')

    const second = `${HEADER}batch-2,Size,Small,0.10,1,1,yes\nbatch-2,Extras,Cheese,0.30,0,3,no\n`
    const again = await apply('options', second)
    expect(again.json).toMatchObject({ created: 0, updated: 1, unchanged: 1, removed: 1 })
    expect((await valueIds()).results).toEqual([
      { name: 'Cheese', id: expect.any(Number), extra_cost: 30 },
      { name: 'Small', id: small?.id, extra_cost: 10 },
    ])
  })
})

describe('item pictures', () => {
  it('stores the original and three densities 160, 320 and 480 px wide, each also as WebP, and points the item at them', async () => {
    const { PhotonImage } = await import('@cf-wasm/photon')
    const pixels = new Uint8Array(600 * 400 * 4).fill(200)
    const source = new PhotonImage(pixels, 600, 400)
    const png = source.get_bytes()
    source.free()
    const answer = await upload(
      '/staff/operator/catalogue/items/image',
      { itemId: String(world.own.menuItemId) },
      png
    )
    expect(answer.status, JSON.stringify(answer.json)).toBe(200)
    const image = answer.json as ImageSet
    const webp = image.webp ?? { mdpi_1x: '', xhdpi_2x: '', xxhdpi_3x: '' }
    expect({ width: image.width, height: image.height }).toEqual({ width: 160, height: 107 })
    const { imageSize } = await import('image-size')
    for (const [density, width] of [
      ['mdpi_1x', 160],
      ['xhdpi_2x', 320],
      ['xxhdpi_3x', 480],
    ] as const) {
      const key = String(image[density]).replace('/media/', '')
      expect(key).toMatch(new RegExp(`^b1/item/[0-9a-f-]+/${density}\\.png$`))
      const object = await env.MEDIA.get(key)
      const size = imageSize(new Uint8Array(await (object as R2ObjectBody).arrayBuffer()))
      expect(size.width).toBe(width)
      // Its WebP copy: beside it, the same size, WebP by its bytes and its stored type.
      const webpKey = String(webp[density]).replace('/media/', '')
      expect(webpKey).toBe(key.replace(/\.png$/, '.webp'))
      const webpObject = (await env.MEDIA.get(webpKey)) as R2ObjectBody
      expect(webpObject.httpMetadata?.contentType).toBe('image/webp')
      const webpBytes = new Uint8Array(await webpObject.arrayBuffer())
      expect(imageSize(webpBytes)).toMatchObject({ type: 'webp', width })
    }
    const row = await env.DB.prepare(
      `select image_mdpi_1x, image_width, image_webp_mdpi_1x, image_webp_xhdpi_2x,
              image_webp_xxhdpi_3x
         from menu_items where id = ?1`
    )
      .bind(world.own.menuItemId)
      .first()
    expect(row).toEqual({
      image_mdpi_1x: image.mdpi_1x,
      image_width: 160,
      image_webp_mdpi_1x: webp.mdpi_1x,
      image_webp_xhdpi_2x: webp.xhdpi_2x,
      image_webp_xxhdpi_3x: webp.xxhdpi_3x,
    })
    const [audit] = await auditRows()
    expect(audit).toMatchObject({ action: 'menu_item.image', entity_id: world.own.menuItemId })
    // Six encodings of three sizes in WebAssembly: slower than the pool's default 5 s under load.
  }, 20_000)
})

describe('item pictures without WebP', () => {
  it('offers no WebP copies of a photo whose lossless WebP would cost more than its JPEG', async () => {
    const { PhotonImage } = await import('@cf-wasm/photon')
    // Noise: the worst case for a lossless encoder, as a photo's grain is.
    let seed = 7
    const pixels = new Uint8Array(600 * 400 * 4).map((_, i) => {
      seed = (seed * 1103515245 + 12345) >>> 0
      return i % 4 === 3 ? 255 : seed >>> 24
    })
    const source = new PhotonImage(pixels, 600, 400)
    const jpeg = source.get_bytes_jpeg(90)
    source.free()
    const answer = await upload(
      '/staff/operator/catalogue/items/image',
      { itemId: String(world.own.menuItemId) },
      jpeg
    )
    expect(answer.status, JSON.stringify(answer.json)).toBe(200)
    const image = answer.json as ImageSet
    expect(image.webp).toBeUndefined()
    expect(image.mdpi_1x).toMatch(/\/mdpi_1x\.jpg$/)
    const listed = await env.MEDIA.list({
      prefix: image.mdpi_1x.replace(/^\/media\/|mdpi_1x\.jpg$/g, ''),
    })
    expect(listed.objects.map((o) => o.key).filter((key) => key.endsWith('.webp'))).toEqual([])
    const row = await env.DB.prepare('select image_webp_mdpi_1x from menu_items where id = ?1')
      .bind(world.own.menuItemId)
      .first()
    expect(row).toEqual({ image_webp_mdpi_1x: null })
  })
})

describe('quick edit of a store', () => {
  it('lists items by name and saves a few in one audited change', async () => {
    const list = await operatorCall(
      '/staff/operator/catalogue/store-items/list',
      { storeId: world.own.storeId, q: 'batch 11' },
      world.operator
    )
    expect(list.status).toBe(200)
    const page = list.json as { items: Array<{ itemId: number; name: string }>; total: number }
    expect(page.items.every((item) => item.name.startsWith('Batch 11'))).toBe(true)
    const [first, second] = page.items
    const saved = await operatorCall(
      '/staff/operator/catalogue/store-items/update',
      {
        storeId: world.own.storeId,
        items: [
          { itemId: first?.itemId, price: 250, wasPrice: 300, outOfStock: false, available: true },
          {
            itemId: second?.itemId,
            price: null,
            wasPrice: null,
            outOfStock: true,
            available: false,
          },
        ],
      },
      world.operator
    )
    expect(saved.json).toEqual({ updated: 2 })
    const [audit] = await auditRows()
    expect(audit).toMatchObject({ action: 'store_items.update', entity_id: world.own.storeId })
    const refused = await operatorCall(
      '/staff/operator/catalogue/store-items/update',
      {
        storeId: world.own.storeId,
        items: [
          { itemId: first?.itemId, price: 250, wasPrice: 250, outOfStock: false, available: true },
        ],
      },
      world.operator
    )
    expect(refused.status).toBe(422)
  })
})
