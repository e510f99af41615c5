import { ITEM_EDIT_COLUMNS } from '../../../../schemas/operator-catalogue.ts'
import { catalogueItemsCsv } from '../../../support/catalogue-csv.ts'
import { pngBytes } from '../../../support/upload-files.ts'
import type { OperatorRouteCase } from './case.ts'

/** A multipart body with a CSV of three items as `file`. */
function csvForm(fields: Record<string, string>): FormData {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.set(name, value)
  form.set('file[]', new File([catalogueItemsCsv({ count: 3 })], 'items.csv', { type: 'text/csv' }))
  return form
}

/** The catalogue area's operator routes, for the cross-business sweep. */
export const CATALOGUE_CASES: ReadonlyArray<OperatorRouteCase> = [
  {
    path: '/staff/operator/catalogue/import/check',
    body: () => csvForm({ kind: 'items' }),
    namesThings: false,
  },
  {
    path: '/staff/operator/catalogue/import/apply',
    body: () => csvForm({ kind: 'items', version: '0'.repeat(64) }),
    namesThings: false,
  },
  {
    path: '/staff/operator/catalogue/export',
    body: () => ({ kind: 'items' }),
    namesThings: false,
  },
  {
    path: '/staff/operator/catalogue/overview',
    body: () => ({}),
    namesThings: false,
  },
  {
    path: '/staff/operator/catalogue/items/get',
    body: (things) => ({ itemId: things.menuItemId }),
    namesThings: true,
  },
  {
    path: '/staff/operator/catalogue/items/edit',
    body: (things) => ({ itemId: things.menuItemId }),
    namesThings: true,
  },
  {
    path: '/staff/operator/catalogue/items/save',
    body: (things) => ({
      itemId: things.menuItemId,
      cells: {
        ...Object.fromEntries(ITEM_EDIT_COLUMNS.map((column) => [column, ''])),
        name: 'Renamed by a stranger',
        price: '1.00',
      },
    }),
    namesThings: true,
  },
  {
    path: '/staff/operator/catalogue/store-items/list',
    body: (things) => ({ storeId: things.storeId }),
    namesThings: true,
  },
  {
    path: '/staff/operator/catalogue/store-items/update',
    body: (things) => ({
      storeId: things.storeId,
      items: [
        {
          itemId: things.menuItemId,
          price: 150,
          wasPrice: null,
          outOfStock: true,
          available: true,
        },
      ],
    }),
    namesThings: true,
  },
  {
    path: '/staff/operator/catalogue/items/image',
    body: (things) => {
      const form = new FormData()
      form.set('itemId', String(things.menuItemId))
      form.set('file[]', new File([pngBytes()], 'photo.png', { type: 'image/png' }))
      return form
    },
    namesThings: true,
  },
]
