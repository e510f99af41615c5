import { env } from 'cloudflare:test'
import { describe, expect, it, vi } from 'vitest'
import { BannerListSchema as ShopBannersSchema } from '../../../../schemas/catalogue.ts'
import { MESSAGES } from '../../../../schemas/messages.ts'
import {
  BannerListSchema,
  CouponListSchema,
  OperatorBannerSchema,
  OperatorCouponSchema,
} from '../../../../schemas/operator-promotions.ts'
import { changedTables, fingerprint } from '../../../support/workers/db-fingerprint.ts'
import { callBackend } from '../../../support/workers/requests.ts'
import { auditRows, operatorCall, operatorWorld } from '../fixtures.ts'

const P = '/staff/operator/promotions'

async function asOperator(path: string, body: Record<string, unknown>) {
  const world = await operatorWorld()
  return operatorCall(`${P}${path}`, body, world.operator)
}

function fields(json: unknown): Record<string, string> {
  const { error } = json as { error: { fields?: Array<{ field: string; message: string }> } }
  return Object.fromEntries((error.fields ?? []).map((f) => [f.field, f.message]))
}

async function storeHomeBanners(storeId: number): Promise<Array<string>> {
  const answer = await callBackend('/catalogue/banners', {
    businessId: 1,
    storeId,
    fulfilmentMethod: 'delivery',
  })
  expect(answer.status).toBe(200)
  return ShopBannersSchema.parse(answer.json).banners.map((banner) => banner.slug)
}

describe('banners', () => {
  it('shows a scheduled banner on its store page only inside its window', async () => {
    const world = await operatorWorld()
    // The run's clock is 2026-11-25 12:00 UTC (GMT: the same on the wall).
    const created = await asOperator('/banners/save', {
      slug: 'winter-warmers',
      title: 'Winter warmers',
      imageUrl: '/media/b1/banner/x.png',
      imageWidth: 1200,
      imageHeight: 400,
      storeId: world.own.storeId,
      startsAt: '2026-11-26T09:00',
      endsAt: '2026-12-01T00:00',
    })
    expect(created.status, JSON.stringify(created.json)).toBe(200)
    expect(OperatorBannerSchema.parse(created.json).startsAtUtc).toBe('2026-11-26T09:00:00.000Z')
    expect(await storeHomeBanners(world.own.storeId)).not.toContain('winter-warmers')
    vi.setSystemTime(new Date('2026-11-26T09:00:00.000Z'))
    expect(await storeHomeBanners(world.own.storeId)).toContain('winter-warmers')
    // The month's last minute is inside; midnight is the end.
    vi.setSystemTime(new Date('2026-11-30T23:59:00.000Z'))
    expect(await storeHomeBanners(world.own.storeId)).toContain('winter-warmers')
    vi.setSystemTime(new Date('2026-12-01T00:00:00.000Z'))
    expect(await storeHomeBanners(world.own.storeId)).not.toContain('winter-warmers')
    const [audit] = await auditRows()
    expect(audit).toMatchObject({ action: 'banner.create', entity: 'banner' })
  })

  it('refuses links that are not https or a site path, and a link type without its target', async () => {
    const before = await fingerprint()
    const base = { slug: 'bad-link', title: 'Bad', imageUrl: '/media/b1/banner/x.png' }
    for (const linkUrl of [
      'javascript:alert(1)',
      'http://example.com',
      '//evil.example',
      '/\\evil',
    ]) {
      const answer = await asOperator('/banners/save', { ...base, linkType: 'url', linkUrl })
      expect(answer.status, linkUrl).toBe(422)
      expect(fields(answer.json).linkUrl).toBe(MESSAGES.promoLinkUrlInvalid)
    }
    const noTarget = await asOperator('/banners/save', { ...base, linkType: 'deal' })
    expect(fields(noTarget.json).linkDealId).toBe(MESSAGES.promoLinkTargetRequired)
    const noTitle = await asOperator('/banners/save', { ...base, title: ' ' })
    expect(fields(noTitle.json).title).toBe(MESSAGES.promoBannerTitleRequired)
    expect(changedTables(before, await fingerprint())).toEqual([])
  })

  it("answers 404 for another business's store, category or link target", async () => {
    const world = await operatorWorld()
    const before = await fingerprint()
    const base = { slug: 'foreign', title: 'Foreign', imageUrl: '/media/b1/banner/x.png' }
    for (const extra of [
      { storeId: world.other.storeId },
      { categoryId: world.other.categoryId },
      { brandId: world.other.brandId },
      { linkType: 'deal', linkDealId: world.other.dealId },
      { linkType: 'menu_item', linkMenuItemId: world.other.menuItemId },
    ]) {
      const answer = await asOperator('/banners/save', { ...base, ...extra })
      expect(answer.status, JSON.stringify(extra)).toBe(404)
    }
    expect(changedTables(before, await fingerprint())).toEqual([])
  })

  it('lists impressions and clicks from the daily counts', async () => {
    const world = await operatorWorld()
    await env.DB.prepare(
      `insert into banner_metrics (banner_id, platform, day, clicks, impressions)
       values (?1, 'web', '2026-11-24', 2, 40), (?1, 'ios', '2026-11-25', 1, 10)`
    )
      .bind(world.own.bannerId)
      .run()
    const list = BannerListSchema.parse((await asOperator('/banners/list', {})).json)
    const banner = list.banners.find((b) => b.bannerId === world.own.bannerId)
    expect(banner).toMatchObject({ impressions: 50, clicks: 3 })
    expect(list.banners.map((b) => b.bannerId)).not.toContain(world.other.bannerId)
  })
})

describe('coupons', () => {
  it('stores the code upper case, refuses a taken code, and keeps the redemption invariant', async () => {
    const created = await asOperator('/coupons/save', {
      code: 'welcome-10',
      kind: 'percent',
      value: 10,
      minimumSpend: 1500,
      maxRedemptions: 100,
      maxRedemptionsPerCustomer: 1,
      firstOrderOnly: true,
    })
    expect(created.status, JSON.stringify(created.json)).toBe(200)
    const coupon = OperatorCouponSchema.parse(created.json)
    expect(coupon.code).toBe('WELCOME-10')
    const taken = await asOperator('/coupons/save', { code: 'Welcome-10', kind: 'free_delivery' })
    expect(fields(taken.json).code).toBe(MESSAGES.promoCouponCodeTaken)

    await env.DB.prepare('update coupons set redemption_count = 7 where id = ?1')
      .bind(coupon.couponId)
      .run()
    const before = await fingerprint()
    const below = await asOperator('/coupons/save', {
      ...coupon,
      maxRedemptions: 6,
      startsAt: null,
      endsAt: null,
    })
    expect(below.status).toBe(422)
    expect(fields(below.json).maxRedemptions).toBe(
      'This coupon has already been used 7 times: the limit cannot be lower.'
    )
    expect(changedTables(before, await fingerprint())).toEqual([])

    const atLimit = await asOperator('/coupons/save', { ...coupon, maxRedemptions: 7 })
    expect(atLimit.status, JSON.stringify(atLimit.json)).toBe(200)
    const list = CouponListSchema.parse((await asOperator('/coupons/list', {})).json)
    expect(list.coupons.find((c) => c.code === 'WELCOME-10')?.redemptionCount).toBe(7)
    const [audit] = await auditRows()
    expect(audit).toMatchObject({ action: 'coupon.update', entity_id: coupon.couponId })
  })

  it('checks the value against the kind', async () => {
    const percent = await asOperator('/coupons/save', { code: 'BIG', kind: 'percent', value: 150 })
    expect(fields(percent.json).value).toBe(MESSAGES.promoCouponValuePercent)
    const amount = await asOperator('/coupons/save', { code: 'NONE', kind: 'amount', value: 0 })
    expect(fields(amount.json).value).toBe(MESSAGES.promoCouponValueAmount)
    const code = await asOperator('/coupons/save', { code: 'a b', kind: 'free_delivery' })
    expect(fields(code.json).code).toBe(MESSAGES.promoCouponCodeInvalid)
  })

  it("answers 404 for another business's coupon", async () => {
    const world = await operatorWorld()
    const other = await operatorCall(
      `${P}/coupons/save`,
      { code: 'OTHER5', kind: 'amount', value: 500 },
      world.otherOperator,
      2
    )
    expect(other.status, JSON.stringify(other.json)).toBe(200)
    const otherId = OperatorCouponSchema.parse(other.json).couponId
    const before = await fingerprint()
    expect((await asOperator('/coupons/get', { couponId: otherId })).status).toBe(404)
    const edit = await asOperator('/coupons/save', {
      couponId: otherId,
      code: 'OTHER5',
      kind: 'amount',
      value: 100,
    })
    expect(edit.status).toBe(404)
    expect(changedTables(before, await fingerprint())).toEqual([])
  })
})
