import {
  BannerListSchema,
  BannerRequestSchema,
  BannerSaveRequestSchema,
  CouponListSchema,
  CouponRequestSchema,
  CouponSaveRequestSchema,
  DealListSchema,
  DealRequestSchema,
  DealSaveRequestSchema,
  OperatorBannerSchema,
  OperatorCouponSchema,
  OperatorDealSchema,
  PromotionChoicesSchema,
  PromotionImageRequestSchema,
  PromotionImageSchema,
  PromotionItemsRequestSchema,
  PromotionItemsSchema,
  PromotionsListRequestSchema,
} from '../../../../schemas/operator-promotions.ts'
import { MEDIA_IMAGE_MAX_BYTES } from '../../../../schemas/media.ts'
import { MESSAGES } from '../../../../schemas/messages.ts'
import { now } from '../../../lib/clock.ts'
import { AppError } from '../../../lib/errors.ts'
import type { UploadedFile } from '../../contact/attachments.ts'
import { checkImage, putImage } from '../../media/images.ts'
import { createDomain } from '../../route-registry.ts'
import { requireOperator } from '../guard.ts'
import { OPERATOR_BEARER } from '../routes.ts'
import { getBanner, listBanners, saveBanner } from './banners.ts'
import { getCoupon, listCoupons, saveCoupon } from './coupons.ts'
import { getDeal, listDeals, saveDeal } from './deals.ts'
import { findPromotionItems, promotionChoiceRows } from './ownership-repo.ts'

/**
 * The operator console's promotions (ADR 027): deals and meal deals, banners, coupons. Each
 * change and its audit row are one batch; the pages purge the 'promotions' cache area.
 */
export const operatorPromotions = createDomain('Operator promotions')

const P = '/staff/operator/promotions'
const at = (env: Parameters<typeof now>[0]) => now(env).toISOString()
const WINDOW =
  'startsAt/endsAt are wall-clock times of the business time zone (YYYY-MM-DDTHH:MM; null = ' +
  'open); a minute the clocks skip is refused, a repeated one is its first. Money in pence.'

operatorPromotions.post(
  `${P}/deals/list`,
  {
    summary: "The business's deals and meal deals",
    description: OPERATOR_BEARER,
    body: PromotionsListRequestSchema,
    response: DealListSchema,
    errors: ['unauthorized', 'forbidden'],
  },
  async ({ body }, c) => listDeals(c.env.DB, (await requireOperator(c, body.businessId)).businessId)
)

operatorPromotions.post(
  `${P}/deals/get`,
  {
    summary: 'One deal with its sections and their items',
    description: OPERATOR_BEARER,
    body: DealRequestSchema,
    response: OperatorDealSchema,
    errors: ['unauthorized', 'forbidden', 'not_found'],
  },
  async ({ body }, c) =>
    getDeal(c.env.DB, (await requireOperator(c, body.businessId)).businessId, body.dealId)
)

operatorPromotions.post(
  `${P}/deals/save`,
  {
    summary: 'Create (no dealId) or replace a deal or meal deal, its sections and items',
    description:
      `${OPERATOR_BEARER} ${WINDOW} multibuy needs quantityRequired (2+) and price; meal_deal ` +
      'price; percent_off discountPercent (1-100); amount_off discountAmount. A section with a ' +
      'categoryId takes every item of that category and its sub-categories. Deactivate with ' +
      'isActive false. Audited as deal.create / deal.update.',
    body: DealSaveRequestSchema,
    response: OperatorDealSchema,
    errors: ['unauthorized', 'forbidden', 'not_found'],
  },
  async ({ body }, c) =>
    saveDeal(c.env.DB, await requireOperator(c, body.businessId), body, at(c.env))
)

operatorPromotions.post(
  `${P}/banners/list`,
  {
    summary: "The business's banners with where they show and their impressions and clicks",
    description: OPERATOR_BEARER,
    body: PromotionsListRequestSchema,
    response: BannerListSchema,
    errors: ['unauthorized', 'forbidden'],
  },
  async ({ body }, c) =>
    listBanners(c.env.DB, (await requireOperator(c, body.businessId)).businessId)
)

operatorPromotions.post(
  `${P}/banners/get`,
  {
    summary: 'One banner',
    description: OPERATOR_BEARER,
    body: BannerRequestSchema,
    response: OperatorBannerSchema,
    errors: ['unauthorized', 'forbidden', 'not_found'],
  },
  async ({ body }, c) =>
    getBanner(c.env.DB, (await requireOperator(c, body.businessId)).businessId, body.bannerId)
)

operatorPromotions.post(
  `${P}/banners/save`,
  {
    summary: 'Create (no bannerId) or replace a banner',
    description:
      `${OPERATOR_BEARER} ${WINDOW} Null brandId/storeId/categoryId/fulfilmentMethod: every ` +
      'brand, every store, the store home page, either method. linkUrl is https or a site ' +
      'path. Audited as banner.create / banner.update.',
    body: BannerSaveRequestSchema,
    response: OperatorBannerSchema,
    errors: ['unauthorized', 'forbidden', 'not_found'],
  },
  async ({ body }, c) =>
    saveBanner(c.env.DB, await requireOperator(c, body.businessId), body, at(c.env))
)

operatorPromotions.post(
  `${P}/coupons/list`,
  {
    summary: "The business's coupons with their redemptions so far",
    description: OPERATOR_BEARER,
    body: PromotionsListRequestSchema,
    response: CouponListSchema,
    errors: ['unauthorized', 'forbidden'],
  },
  async ({ body }, c) =>
    listCoupons(c.env.DB, (await requireOperator(c, body.businessId)).businessId)
)

operatorPromotions.post(
  `${P}/coupons/get`,
  {
    summary: 'One coupon',
    description: OPERATOR_BEARER,
    body: CouponRequestSchema,
    response: OperatorCouponSchema,
    errors: ['unauthorized', 'forbidden', 'not_found'],
  },
  async ({ body }, c) =>
    getCoupon(c.env.DB, (await requireOperator(c, body.businessId)).businessId, body.couponId)
)

operatorPromotions.post(
  `${P}/coupons/save`,
  {
    summary: 'Create (no couponId) or replace a coupon',
    description:
      `${OPERATOR_BEARER} ${WINDOW} The code is stored upper case, unique per business. A ` +
      'maxRedemptions below the redemptions made is refused. Audited as coupon.create / ' +
      'coupon.update.',
    body: CouponSaveRequestSchema,
    response: OperatorCouponSchema,
    errors: ['unauthorized', 'forbidden', 'not_found'],
  },
  async ({ body }, c) =>
    saveCoupon(c.env.DB, await requireOperator(c, body.businessId), body, at(c.env))
)

operatorPromotions.post(
  `${P}/choices`,
  {
    summary: "What promotions' forms choose from: brands, stores, categories, deals",
    description: OPERATOR_BEARER,
    body: PromotionsListRequestSchema,
    response: PromotionChoicesSchema,
    errors: ['unauthorized', 'forbidden'],
  },
  async ({ body }, c) =>
    promotionChoiceRows(c.env.DB, (await requireOperator(c, body.businessId)).businessId)
)

operatorPromotions.post(
  `${P}/items`,
  {
    summary: "The business's items by part of their name, or by their slugs or ids",
    description: OPERATOR_BEARER,
    body: PromotionItemsRequestSchema,
    response: PromotionItemsSchema,
    errors: ['unauthorized', 'forbidden'],
  },
  async ({ body }, c) => {
    const caller = await requireOperator(c, body.businessId)
    return {
      items: await findPromotionItems(c.env.DB, caller.businessId, {
        text: body.query,
        slugs: body.slugs,
        ids: body.ids,
      }),
    }
  }
)

operatorPromotions.post(
  `${P}/images`,
  {
    summary: "Upload a deal's or banner's picture (multipart, under image[])",
    description:
      `${OPERATOR_BEARER} JPEG, PNG, WebP or GIF by its content, at most 5 MB. A banner's ` +
      'picture is at least 600 pixels wide (the shop shows it 3 wide by 1 high). Answers where ' +
      'it is served and its size; save it on the deal or banner with imageUrl.',
    body: PromotionImageRequestSchema,
    multipart: { maxBytes: MEDIA_IMAGE_MAX_BYTES + 64 * 1024 },
    response: PromotionImageSchema,
    errors: ['unauthorized', 'forbidden', 'payload_too_large'],
  },
  async ({ body }, c) => {
    const caller = await requireOperator(c, body.businessId)
    // zod's File and the runtime's differ in type, not in what they are.
    const file = (body.image as unknown as ReadonlyArray<UploadedFile>)[0]
    if (!file) {
      throw new AppError('validation_error', MESSAGES.mediaImageEmpty, {
        fields: [{ field: 'image', message: MESSAGES.mediaImageEmpty }],
      })
    }
    const image = await checkImage(new Uint8Array(await file.arrayBuffer()), 'image')
    if (body.purpose === 'banner' && image.width < 600) {
      throw new AppError('validation_error', MESSAGES.promoBannerImageRequired, {
        fields: [{ field: 'image', message: MESSAGES.promoBannerImageRequired }],
      })
    }
    const stored = await putImage(c.env.MEDIA, caller.businessId, body.purpose, image)
    return { url: stored.url, width: stored.width, height: stored.height }
  }
)
