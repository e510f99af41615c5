import { describe, expect, it } from 'vitest'
import {
  parseCatalogueCsv,
  parsePrice,
  readCsv,
  writeCatalogueCsv,
} from '../../../worker/backend/operator/catalogue/csv-format.ts'
import { densitySize } from '../../../worker/backend/operator/catalogue/item-image.ts'
import { chunks } from '../../../worker/backend/operator/catalogue/repo.ts'
import { quickEditItems } from '../../../worker/pages/store/operator/catalogue/quick-edit-form.ts'

describe('parsePrice', () => {
  it.each([
    ['1.20', 120],
    ['£1.20', 120],
    ['£ 3', 300],
    ['€2.95', 295],
    ['$ 4', 400],
    ['0.5', 50],
    ['12345.67', 1234567],
  ])('%s is %i pence', (text, pence) => {
    expect(parsePrice(text)).toBe(pence)
  })

  it.each(['£1.2x', '1.234', '-1.00', '1,20', '', 'abc'])('%s is not a price', (text) => {
    expect(parsePrice(text)).toBeNull()
  })
})

describe('readCsv', () => {
  it('reads quoted cells with commas, quotes and new lines, a BOM and CRLF', () => {
    const text =
      '\uFEFFslug,name,category,price\r\n"a-b","Eggs, ""free"" range\nlarge",dairy,1.00\r\n'
    expect(readCsv('items', text).rows).toEqual([
      {
        row: 2,
        cells: { slug: 'a-b', name: 'Eggs, "free" range\nlarge', category: 'dairy', price: '1.00' },
      },
    ])
  })

  it('reports an unclosed quote as unreadable, and an empty file', () => {
    expect(readCsv('items', 'slug,name\n"x,y\n').errors[0]?.message).toMatch(
      /^The file cannot be read as CSV: /
    )
    expect(readCsv('items', '').errors[0]?.message).toBe(
      'Choose a CSV file with a header row and at least one row.'
    )
  })
})

describe('parseCatalogueCsv', () => {
  it('parses yes/no, tags and optional empties, and names every bad cell of a row', () => {
    const { rows, errors } = parseCatalogueCsv(
      'items',
      'slug,name,category,price,tags,out_of_stock,age_restriction\n' +
        'oat-milk,Oat milk,dairy,1.45,vegan; dairy-free,yes,\n' +
        'Bad Slug,,dairy,0,vegan,maybe,30\n'
    )
    expect(rows[0]?.record).toMatchObject({
      slug: 'oat-milk',
      tags: ['vegan', 'dairy-free'],
      outOfStock: true,
      ageRestriction: null,
      wasPrice: null,
    })
    expect(errors.map((e) => [e.row, e.column])).toEqual([
      [3, 'slug'],
      [3, 'name'],
      [3, 'out_of_stock'],
      [3, 'age_restriction'],
      [3, 'price'],
    ])
  })

  it('refuses a duplicate store and item pair on its second row', () => {
    const { errors } = parseCatalogueCsv(
      'store-items',
      'store,item,price\nancoats,milk,1.00\nancoats,milk,1.10\nsalford,milk,1.00\n'
    )
    expect(errors).toEqual([
      { row: 3, column: 'item', message: '"milk" is already on row 2 of this file.' },
    ])
  })

  it('writes what it reads back to the same records, food information too', () => {
    const food =
      'contains,may_contain,nutrition_per,energy_kj,energy_kcal,fat,saturates,carbohydrate,sugars,fibre,protein,salt,' +
      'portion_size,portion_energy_kj,portion_energy_kcal,portion_fat,portion_saturates,portion_carbohydrate,' +
      'portion_sugars,portion_fibre,portion_protein,portion_salt,storage,origin,net_quantity,operator_name,operator_address'
    const text =
      `slug,name,category,price,was_price,size,description,ingredients,tags,out_of_stock,active,age_restriction,max_quantity,position,${food},vat_class\n` +
      'gin,"Gin, dry",spirits,20.00,25.50,70cl,"A ""dry"" gin",,botanical;uk,no,yes,18,6,3,' +
      ','.repeat(22) +
      'Store upright.,Distilled in England,70cl,,,standard\n' +
      'milk,Whole milk,milk,1.25,,2 pints,,Whole milk.,,no,yes,,,0,milk,soya;eggs,100ml,268,64,3.6,2.4,4.7,4.7,,3.4,0.11,' +
      '1 glass (200 ml),536,128,7.2,4.8,9.4,9.4,,6.8,0.22,Keep refrigerated.,UK,2 pints,Dairy Co,"1 Farm Lane, Leek",zero\n'
    const { rows, errors } = parseCatalogueCsv('items', text)
    expect(errors).toEqual([])
    expect(rows[1]?.record.food).toMatchObject({
      contains: ['milk'],
      mayContain: ['eggs', 'soya'],
      nutrition: { per: '100ml', per100: { energyKj: 268, fat: 3.6, fibre: null } },
      operatorAddress: '1 Farm Lane, Leek',
    })
    const records = rows.map((r) => r.record)
    // Allergens come back in the list's order.
    expect(writeCatalogueCsv('items', records)).toBe(text.replace('soya;eggs', 'eggs;soya'))
  })

  it('names every bad food cell by row and column', () => {
    const { errors } = parseCatalogueCsv(
      'items',
      'slug,name,category,price,contains,may_contain,nutrition_per,energy_kj,energy_kcal,fat,saturates,carbohydrate,sugars,protein,salt\n' +
        'ok,Ok,milk,1.00,milk,,100g,100,24,1,0.5,3,2,1,0.1\n' +
        'bad,Bad,milk,1.00,wheat,nuts,100 kg,,,,,,,,\n' +
        'parts,Parts,milk,1.00,,,100g,100,24,1,2,3,4,1,0.1\n'
    )
    expect(errors.map((e) => [e.row, e.column])).toEqual([
      [3, 'contains'],
      [3, 'may_contain'],
      [3, 'nutrition_per'],
      [4, 'saturates'],
      [4, 'sugars'],
    ])
    expect(errors[0]?.message).toMatch(/^"wheat" is not a list of allergens/)
  })
})

describe('batch chunks and densities', () => {
  it('splits rows into chunks of at most the size', () => {
    expect(chunks([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]])
    expect(chunks([], 2)).toEqual([])
  })

  it('keeps proportions and never enlarges', () => {
    expect(densitySize('xxhdpi_3x', 600, 400)).toEqual({ width: 480, height: 320 })
    expect(densitySize('xxhdpi_3x', 200, 100)).toEqual({ width: 200, height: 100 })
  })
})

describe('quickEditItems', () => {
  it('reads each row and refuses a price that is not one on its row', () => {
    const form = new FormData()
    form.append('itemId', '7')
    form.set('price-7', '1.50')
    form.set('wasPrice-7', '')
    form.set('available-7', 'on')
    expect(quickEditItems(form)).toEqual({
      items: [{ itemId: 7, price: 150, wasPrice: null, outOfStock: false, available: true }],
    })
    form.set('price-7', '£1.5x')
    expect(quickEditItems(form)).toEqual({
      errors: { 'item-7': '"£1.5x" is not a price: write pounds and pence, like 1.20 or £1.20.' },
    })
  })
})
