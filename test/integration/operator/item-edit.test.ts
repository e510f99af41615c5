import { beforeAll, describe, expect, it } from 'vitest'
import { formatMessage, MESSAGES } from '../../../schemas/messages.ts'
import type { ItemEditCells } from '../../../schemas/operator-catalogue.ts'
import { changedTables, fingerprint } from '../../support/workers/db-fingerprint.ts'
import { auditRows, type OperatorWorld, operatorCall, operatorWorld } from './fixtures.ts'

/*
 * The operator's single-item edit (issue 41) against migrated D1: the item's cells as its row of
 * the items file, a save checked as that row's import is (each error by column, in the import's
 * words, nothing written), and a good save written with one audit entry naming the item.
 */

let world: OperatorWorld
let itemId: number
let cells: ItemEditCells
beforeAll(async () => {
  world = await operatorWorld()
  const list = await operatorCall(
    '/staff/operator/catalogue/store-items/list',
    { storeId: world.own.storeId, q: '' },
    world.operator
  )
  itemId = (list.json as { items: Array<{ itemId: number }> }).items[0]?.itemId ?? 0
  const edit = await operatorCall(
    '/staff/operator/catalogue/items/edit',
    { itemId },
    world.operator
  )
  expect(edit.status, JSON.stringify(edit.json)).toBe(200)
  cells = (edit.json as { cells: ItemEditCells }).cells
}, 120_000)

const save = (changes: Partial<ItemEditCells>, bearer = world.operator) =>
  operatorCall(
    '/staff/operator/catalogue/items/save',
    { itemId, cells: { ...cells, ...changes } },
    bearer
  )

describe('the single-item edit', () => {
  // Many requests in turn: more than the default 5 s when two files share busy cores.
  it(
    'refuses bad fields each by column in the import’s words and writes nothing',
    { timeout: 20_000 },
    async () => {
      const before = await fingerprint()
      const refused = await save({
        name: '',
        price: '£1.2x',
        category: 'no-such-category',
        contains: 'milk;moonrock',
        vat_class: 'luxury',
      })
      expect(refused.status).toBe(422)
      const fields = (
        refused.json as { error: { fields: Array<{ field: string; message: string }> } }
      ).error.fields
      const byField = Object.fromEntries(fields.map((f) => [f.field, f.message]))
      expect(byField.name).toBe(MESSAGES.catalogueCsvRequired)
      expect(byField.price).toBe(formatMessage('catalogueCsvPrice', '£1.2x'))
      expect(byField.category).toBe(
        formatMessage('catalogueCsvUnknownCategory', 'no-such-category')
      )
      expect(byField.contains).toMatch(/moonrock/)
      expect(byField.vat_class).toBe(
        formatMessage('catalogueCsvVatClass', 'zero, reduced, standard', 'luxury')
      )
      expect(changedTables(before, await fingerprint())).toEqual([])

      const wasPrice = await save({ price: '2.00', was_price: '1.50' })
      expect(wasPrice.status).toBe(422)
      expect(wasPrice.json).toMatchObject({
        error: {
          fields: [{ field: 'was_price', message: formatMessage('catalogueCsvWasPrice', '2.00') }],
        },
      })
    }
  )

  it('saves the fields, keeps the rest of the row, and audits the item once', async () => {
    const saved = await save({
      name: 'Edited loaf',
      price: '£2.35',
      description: 'Baked this morning.',
      contains: 'gluten;milk',
      out_of_stock: 'yes',
      vat_class: 'reduced',
    })
    expect(saved.status, JSON.stringify(saved.json)).toBe(200)
    expect(saved.json).toEqual({ itemId, changed: true })
    const again = await operatorCall(
      '/staff/operator/catalogue/items/edit',
      { itemId },
      world.operator
    )
    expect((again.json as { cells: ItemEditCells }).cells).toMatchObject({
      name: 'Edited loaf',
      price: '2.35',
      description: 'Baked this morning.',
      contains: 'gluten;milk',
      out_of_stock: 'yes',
      vat_class: 'reduced',
      category: cells.category,
    })
    const [audit] = await auditRows()
    expect(audit).toMatchObject({
      action: 'menu_item.update',
      entity: 'menu_item',
      entity_id: itemId,
    })
    expect(audit?.summary).toMatch(
      /^Edited .*: name, price, description, contains, out_of_stock, vat_class$/
    )

    const same = await save({
      name: 'Edited loaf',
      price: '2.35',
      description: 'Baked this morning.',
      contains: 'gluten;milk',
      out_of_stock: 'yes',
      vat_class: 'reduced',
    })
    expect(same.json).toEqual({ itemId, changed: false })
  })

  it('is the operator’s alone', async () => {
    const refused = await save({ name: 'Not mine' }, world.manager)
    expect(refused.status).toBe(403)
  })
})
