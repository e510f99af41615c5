import type { Context } from 'hono'
import { PromotionsListPage } from './PromotionsList.tsx'
import {
  BannerListSchema,
  CouponListSchema,
  DealListSchema,
} from '../../../../../schemas/operator-promotions.ts'
import type { AppEnv } from '../../../../env.ts'
import { operatorOrRefuse } from '../access.ts'
import { operatorRead } from '../backend.ts'
import { operatorFrame, renderOperator } from '../render.tsx'
import { PROMOTION_PATHS } from './shared.ts'

/** GET /store/operator/promotions: the business's deals, banners and coupons. */
export async function promotionsListPage(c: Context<AppEnv>): Promise<Response> {
  const access = await operatorOrRefuse(c)
  if ('response' in access) return access.response
  const [deals, banners, coupons] = await Promise.all([
    operatorRead(c, '/staff/operator/promotions/deals/list', {}, DealListSchema),
    operatorRead(c, '/staff/operator/promotions/banners/list', {}, BannerListSchema),
    operatorRead(c, '/staff/operator/promotions/coupons/list', {}, CouponListSchema),
  ])
  return renderOperator(c, 'Promotions', (chrome) => (
    <PromotionsListPage
      frame={operatorFrame(chrome, access.staff, 'promotions')}
      timeZone={deals.timeZone}
      deals={deals.deals.map((deal) => ({ ...deal, href: PROMOTION_PATHS.deal(deal.dealId) }))}
      banners={banners.banners.map((banner) => ({
        ...banner,
        href: PROMOTION_PATHS.banner(banner.bannerId),
      }))}
      coupons={coupons.coupons.map((coupon) => ({
        ...coupon,
        href: PROMOTION_PATHS.coupon(coupon.couponId),
      }))}
      addDealHref={PROMOTION_PATHS.deal('new')}
      addBannerHref={PROMOTION_PATHS.banner('new')}
      addCouponHref={PROMOTION_PATHS.coupon('new')}
    />
  ))
}
