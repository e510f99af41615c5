import type { ReactNode } from 'react'
import type { OperatorCoupon } from '../../../../../schemas/operator-promotions.ts'
import { ListSection } from '../../../../../client/components/operator/OperatorForm.tsx'
import {
  type OperatorFrame,
  OperatorLayout,
} from '../../../../../client/components/operator/OperatorLayout.tsx'
import { STACKED_TABLE_CLASS } from '../../../../../client/components/stacked-table.ts'
import { useMoney } from '../../../../../client/lib/shop-locale.ts'

/** A row of the deals table, as the worker lists it. */
export interface DealListRow {
  dealId: number
  name: string
  kind: string
  isActive: boolean
  startsAt: string | null
  endsAt: string | null
  itemCount: number
  href: string
}

export interface BannerListRow {
  bannerId: number
  title: string
  placement: string
  isActive: boolean
  startsAt: string | null
  endsAt: string | null
  impressions: number
  clicks: number
  href: string
}

export type CouponListRow = OperatorCoupon & { href: string }

const KIND_LABELS: Record<string, string> = {
  multibuy: 'Multibuy',
  meal_deal: 'Meal deal',
  percent_off: 'Percentage off',
  amount_off: 'Amount off',
  percent: 'Percentage off',
  amount: 'Amount off',
  free_delivery: 'Free delivery',
}

/** "From … until …" in the business's wall-clock time, as typed. */
export function windowLabel(startsAt: string | null, endsAt: string | null): string {
  const show = (value: string) => value.replace('T', ' ')
  if (!startsAt && !endsAt) return 'Always'
  if (!endsAt) return `From ${show(startsAt ?? '')}`
  if (!startsAt) return `Until ${show(endsAt)}`
  return `${show(startsAt)} to ${show(endsAt)}`
}

function Table({
  caption,
  headings,
  children,
}: {
  caption: string
  headings: ReadonlyArray<string>
  children: ReactNode
}) {
  return (
    // A table from md up; below it each row is a card of its cells (each `td` has its data-label).
    <div className={STACKED_TABLE_CLASS.box}>
      <table className={`${STACKED_TABLE_CLASS.table} text-sm md:min-w-[40rem]`}>
        <caption className="sr-only">{caption}</caption>
        <thead className={STACKED_TABLE_CLASS.head}>
          <tr>
            {headings.map((heading) => (
              <th key={heading} scope="col" className="px-3 py-2 font-semibold">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={STACKED_TABLE_CLASS.body}>{children}</tbody>
      </table>
    </div>
  )
}

const row = `${STACKED_TABLE_CLASS.row} align-top`
const rowHeader = `${STACKED_TABLE_CLASS.rowHeader} font-semibold`
const cell = STACKED_TABLE_CLASS.cell
const active = (isActive: boolean) => (isActive ? 'Active' : 'Off')

/**
 * /store/operator/promotions: deals, banners and coupons, each with its add button (a saved
 * change's message shows in the page's flash toast).
 */
export function PromotionsListPage({
  frame,
  timeZone,
  deals,
  banners,
  coupons,
  addDealHref,
  addBannerHref,
  addCouponHref,
}: {
  frame: OperatorFrame
  timeZone: string
  deals: ReadonlyArray<DealListRow>
  banners: ReadonlyArray<BannerListRow>
  coupons: ReadonlyArray<CouponListRow>
  addDealHref: string
  addBannerHref: string
  addCouponHref: string
}) {
  const formatMoney = useMoney()
  return (
    <OperatorLayout
      frame={frame}
      title="Promotions"
      intro={`Deals, banners and coupons. Dates and times are ${timeZone} time. Shoppers see a change within a minute.`}
    >
      <ListSection id="deals" title="Deals" addHref={addDealHref} addLabel="Add a deal">
        <Table caption="Deals" headings={['Deal', 'Kind', 'Items', 'When', 'Status']}>
          {deals.map((deal) => (
            <tr key={deal.dealId} className={row}>
              <th scope="row" className={rowHeader}>
                <a href={deal.href} className="text-primary underline">
                  {deal.name}
                </a>
              </th>
              <td data-label="Kind" className={cell}>
                {KIND_LABELS[deal.kind] ?? deal.kind}
              </td>
              <td data-label="Items" className={cell}>
                {deal.itemCount}
              </td>
              <td data-label="When" className={cell}>
                {windowLabel(deal.startsAt, deal.endsAt)}
              </td>
              <td data-label="Status" className={cell}>
                {active(deal.isActive)}
              </td>
            </tr>
          ))}
        </Table>
      </ListSection>
      <ListSection id="banners" title="Banners" addHref={addBannerHref} addLabel="Add a banner">
        <Table
          caption="Banners"
          headings={['Banner', 'Shows on', 'When', 'Impressions', 'Clicks', 'Status']}
        >
          {banners.map((banner) => (
            <tr key={banner.bannerId} className={row}>
              <th scope="row" className={rowHeader}>
                <a href={banner.href} className="text-primary underline">
                  {banner.title}
                </a>
              </th>
              <td data-label="Shows on" className={cell}>
                {banner.placement}
              </td>
              <td data-label="When" className={cell}>
                {windowLabel(banner.startsAt, banner.endsAt)}
              </td>
              <td data-label="Impressions" className={cell}>
                {banner.impressions}
              </td>
              <td data-label="Clicks" className={cell}>
                {banner.clicks}
              </td>
              <td data-label="Status" className={cell}>
                {active(banner.isActive)}
              </td>
            </tr>
          ))}
        </Table>
      </ListSection>
      <ListSection id="coupons" title="Coupons" addHref={addCouponHref} addLabel="Add a coupon">
        <Table
          caption="Coupons"
          headings={['Code', 'Gives', 'Minimum spend', 'Used', 'When', 'Status']}
        >
          {coupons.map((coupon) => (
            <tr key={coupon.couponId} className={row}>
              <th scope="row" className={rowHeader}>
                <a href={coupon.href} className="text-primary underline">
                  {coupon.code}
                </a>
              </th>
              <td data-label="Gives" className={cell}>
                {coupon.kind === 'percent'
                  ? `${coupon.value}% off`
                  : coupon.kind === 'amount'
                    ? `${formatMoney(coupon.value)} off`
                    : 'Free delivery'}
              </td>
              <td data-label="Minimum spend" className={cell}>
                {formatMoney(coupon.minimumSpend)}
              </td>
              <td data-label="Used" className={cell}>
                {coupon.redemptionCount}
                {coupon.maxRedemptions === null ? '' : ` of ${coupon.maxRedemptions}`}
              </td>
              <td data-label="When" className={cell}>
                {windowLabel(coupon.startsAt, coupon.endsAt)}
              </td>
              <td data-label="Status" className={cell}>
                {active(coupon.isActive)}
              </td>
            </tr>
          ))}
        </Table>
      </ListSection>
    </OperatorLayout>
  )
}
