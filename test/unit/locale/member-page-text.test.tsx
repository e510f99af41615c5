import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { OrderChanges } from '../../../client/components/order-changes/OrderChanges.tsx'
import { ReferralOfferSection } from '../../../client/components/referrals/ReferralOfferSection.tsx'
import { ReviewForm } from '../../../client/components/member/ReviewForm.tsx'
import { PageTextsContext } from '../../../client/lib/page-text.ts'
import { ShopLocaleContext } from '../../../client/lib/shop-locale.ts'
import { GB_LOCALE, type ShopLocale } from '../../../schemas/locale.ts'
import type { OrderChanges as Changes } from '../../../schemas/order-changes.ts'
import { pageTextsOf } from '../../../worker/pages/shared/page-texts.ts'

// The member area's page text (issue 43 part A): a Dutch brand reads it in Dutch, counts by the
// catalogue's plurals; a UK brand reads exactly the English it always did.

const DUTCH: ShopLocale = {
  ...GB_LOCALE,
  locale: 'nl-NL',
  currency: 'EUR',
  countryCode: 'NL',
  timeZone: 'Europe/Amsterdam',
}

function render(shop: ShopLocale, node: ReactNode): string {
  return renderToStaticMarkup(
    <ShopLocaleContext value={shop}>
      <PageTextsContext value={pageTextsOf(shop)}>{node}</PageTextsContext>
    </ShopLocaleContext>
  )
}

/** The markup's text, tags dropped and spaces folded, as a shopper reads it. */
function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
}

const CHANGES: Changes = {
  canReject: true,
  cash: false,
  lines: [
    {
      lineId: 1,
      kind: 'substituted',
      ordered: { name: 'Oat milk', quantity: 2 },
      chosen: null,
      supplied: { name: 'Soya milk', quantity: 2 },
      chargedPrice: 230,
      rejected: 'review',
      refunded: 230,
    },
    {
      lineId: 2,
      kind: 'short',
      ordered: { name: 'Apples', quantity: 6 },
      chosen: null,
      supplied: { name: 'Apples', quantity: 4 },
      chargedPrice: 120,
      rejected: null,
      refunded: 0,
    },
  ],
}

describe('member page text', () => {
  it('says the referral terms with the plural of the monthly cap', () => {
    const offer = (monthlyCap: number) => ({ active: true, rewardAmount: 500, monthlyCap })
    const english = textOf(render(GB_LOCALE, <ReferralOfferSection offer={offer(1)} />))
    expect(english).toContain('You can earn a reward for up to 1 friend a month.')
    expect(english).toContain('When it is delivered, you each get £5.00 off your next order.')
    expect(textOf(render(GB_LOCALE, <ReferralOfferSection offer={offer(3)} />))).toContain(
      'up to 3 friends a month.'
    )
    const dutch = textOf(render(DUTCH, <ReferralOfferSection offer={offer(3)} />))
    expect(dutch).toContain('Zo werkt het')
    expect(dutch).toContain('Je kunt een beloning verdienen voor maximaal 3 vrienden per maand.')
    expect(dutch).toContain('€')
    expect(dutch).not.toMatch(/How it works|friends|Terms/)
  })

  it('says what picking changed, and a rejected substitute’s refund, in the brand’s words', () => {
    const props = { changes: CHANGES, action: '/reject' }
    const english = textOf(render(GB_LOCALE, <OrderChanges {...props} />))
    expect(english).toContain('Your order has changes')
    expect(english).toContain('Substituted with 2 × Soya milk')
    expect(english).toContain('Rejected. £2.30 refunded.')
    expect(english).toContain('Only 4 of 6 available')
    const dutch = textOf(render(DUTCH, <OrderChanges {...props} />))
    expect(dutch).toContain('Je bestelling is gewijzigd')
    expect(dutch).toContain('Vervangen door 2 × Soya milk')
    expect(dutch).toContain('Geweigerd.')
    expect(dutch).toContain('terugbetaald.')
    expect(dutch).toContain('Maar 4 van 6 beschikbaar')
    expect(dutch).not.toMatch(/Substituted|Rejected|refunded|available/)
  })

  it('says the refund after a rejection in the brand’s words and money', () => {
    const props = {
      changes: CHANGES,
      action: '/reject',
      outcome: 'rejected' as const,
      outcomeLineId: 1,
    }
    const english = textOf(render(GB_LOCALE, <OrderChanges {...props} />))
    expect(english).toContain('Soya milk has been rejected. £2.30 will be refunded.')
    const dutch = textOf(render(DUTCH, <OrderChanges {...props} />))
    expect(dutch).toMatch(/Soya milk is geweigerd\. €\s?2,30 wordt terugbetaald\./)
    expect(dutch).not.toContain('£')
  })

  it('counts a review’s stars by the catalogue’s plural', () => {
    const form = <ReviewForm orderId="CF-1" review={null} errors={{}} values={{}} />
    const english = textOf(render(GB_LOCALE, form))
    expect(english).toContain('1 star')
    expect(english).toContain('5 stars')
    expect(english).toContain('Submit review')
    const dutch = textOf(render(DUTCH, form))
    expect(dutch).toContain('1 ster')
    expect(dutch).toContain('5 sterren')
    expect(dutch).toContain('Beoordeling versturen')
    expect(dutch).not.toMatch(/stars?\b|Submit review|Your rating/)
  })
})
