import { pngBytes } from '../../../support/upload-files.ts'
import type { Things } from '../fixtures.ts'
import type { OperatorRouteCase } from './case.ts'

const P = '/staff/operator/promotions'

/** A valid multibuy naming the business's deal and item. */
export const dealBody = (things: Things) => ({
  dealId: things.dealId,
  slug: 'sweep-any-3-for-5',
  name: 'Any 3 for £5',
  kind: 'multibuy',
  quantityRequired: 3,
  price: 500,
  sections: [
    {
      name: 'Any',
      minimumSelected: 3,
      maximumSelected: 3,
      items: [{ menuItemId: things.menuItemId }],
    },
  ],
})

/** A valid banner naming the business's banner, brand, store and category. */
export const bannerBody = (things: Things) => ({
  bannerId: things.bannerId,
  slug: 'sweep-banner',
  title: 'Sweep banner',
  imageUrl: '/images/sweep.png',
  brandId: things.brandId,
  storeId: things.storeId,
  categoryId: things.categoryId,
  linkType: 'category',
  linkCategoryId: things.categoryId,
})

/** The promotions area's operator routes, for the cross-business sweep. */
export const PROMOTIONS_CASES: ReadonlyArray<OperatorRouteCase> = [
  { path: `${P}/deals/list`, body: () => ({}), namesThings: false },
  { path: `${P}/deals/get`, body: (t) => ({ dealId: t.dealId }), namesThings: true },
  { path: `${P}/deals/save`, body: dealBody, namesThings: true },
  { path: `${P}/banners/list`, body: () => ({}), namesThings: false },
  { path: `${P}/banners/get`, body: (t) => ({ bannerId: t.bannerId }), namesThings: true },
  { path: `${P}/banners/save`, body: bannerBody, namesThings: true },
  // Things hold no coupon: coupons' own tests try another business's coupon id.
  { path: `${P}/coupons/list`, body: () => ({}), namesThings: false },
  { path: `${P}/coupons/get`, body: () => ({ couponId: 1 }), namesThings: false },
  {
    path: `${P}/coupons/save`,
    body: () => ({ code: 'SWEEP10', kind: 'percent', value: 10 }),
    namesThings: false,
  },
  { path: `${P}/choices`, body: () => ({}), namesThings: false },
  { path: `${P}/items`, body: () => ({ query: 'milk' }), namesThings: false },
  {
    path: `${P}/images`,
    body: () => {
      const form = new FormData()
      form.set('purpose', 'deal')
      form.append('image[]', new File([pngBytes()], 'deal.png', { type: 'image/png' }))
      return form
    },
    namesThings: false,
  },
]
