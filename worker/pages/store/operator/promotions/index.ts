import { Hono } from 'hono'
import type { AppEnv } from '../../../../env.ts'
import { bannerForm, bannerPage } from './banners.tsx'
import { couponForm, couponPage } from './coupons.tsx'
import { dealForm, dealPage } from './deals.tsx'
import { promotionsListPage } from './list.tsx'

/**
 * The operator console's promotions (ADR 027), at /store/operator/promotions: the list, and a
 * form per deal, banner and coupon (`/new` adds one). Forms post to their own path.
 */
export const promotionsPages = new Hono<AppEnv>()

promotionsPages.get('/', promotionsListPage)
promotionsPages.get('/deals/:id', dealPage)
promotionsPages.post('/deals/:id', dealForm)
promotionsPages.get('/banners/:id', bannerPage)
promotionsPages.post('/banners/:id', bannerForm)
promotionsPages.get('/coupons/:id', couponPage)
promotionsPages.post('/coupons/:id', couponForm)
