import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { PageChrome } from '../../../client/lib/page-chrome.ts'
import { RenderContext } from '../../../client/components/render-context.ts'
import { GiveCreditForm } from '../../../worker/pages/store/order/GiveCreditForm.tsx'
import { LoyaltyPage } from '../../../client/pages/member/LoyaltyPage.tsx'
import { ReferrerPage } from '../../../client/pages/ReferrerPage.tsx'
import type { LoyaltySummary } from '../../../schemas/loyalty.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import type { MemberReferrals, ReferralOffer } from '../../../schemas/referrals.ts'
import { giveCreditInputOf } from '../../../worker/pages/store/order/credit-form.ts'
import { createIslandIds } from '../../../client/lib/island-ids.ts'

const ASSETS = {
  dev: false,
  loader: '/assets/entry.js',
  headerBasket: [],
}

function render(node: ReactNode): string {
  return renderToString(
    <RenderContext
      value={{ nonce: 'n0nce', assets: ASSETS, nextIslandId: createIslandIds(), now: 0 }}
    >
      {node}
    </RenderContext>
  )
}

/** The text a reader sees: tags dropped, entities decoded, whitespace collapsed. */
function text(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
}

const member: PageChrome = { brand: null, signedIn: true, currentPath: '/', flash: null }
const guest: PageChrome = { ...member, signedIn: false }

const SUMMARY: LoyaltySummary = {
  progress: {
    scheme: { name: 'Points', pointsPerPound: 1, rewardThreshold: 250, rewardValue: 250 },
    pointsBalance: 120,
    lifetimePoints: 370,
    pointsToNextReward: 130,
    progressPercent: 48,
  },
  history: [
    {
      id: 1,
      points: 12,
      kind: 'earn',
      description: 'Points for your delivered order',
      businessOrderId: 'A1B2C3',
      createdAt: '2026-11-24T23:30:00.000Z',
    },
  ],
  credit: {
    balance: 500,
    entries: [
      {
        id: 7,
        amount: 500,
        kind: 'referral_reward',
        description: "Your friend's first order was delivered",
        businessOrderId: null,
        createdAt: '2026-11-20T10:00:00.000Z',
      },
    ],
  },
}

describe('LoyaltyPage', () => {
  it('shows the progress bar, how to earn, both histories and the way to refer a friend', () => {
    const html = render(<LoyaltyPage chrome={member} summary={SUMMARY} />)
    const page = text(html)
    expect(html).toMatch(/<progress[^>]*aria-valuenow="48"/)
    expect(page).toContain('120 points · 130 more for your next £2.50')
    expect(page).toContain('Every 250 points become £2.50 of store credit.')
    // In the shop's zone: 23:30 UTC on 24 Nov is still the 24th in London.
    expect(page).toContain('24 Nov 2026')
    expect(html).toContain('href="/member/orders/A1B2C3"')
    expect(page).toContain("Your friend's first order was delivered")
    expect(page).toContain('+£5.00')
    expect(html).toContain('href="/referrer"')
    expect(html).toMatch(/aria-current="page"[^>]*>Loyalty and store credit/)
  })

  it('explains a balance below zero', () => {
    const summary = { ...SUMMARY, progress: { ...SUMMARY.progress!, pointsBalance: -40 } }
    expect(text(render(<LoyaltyPage chrome={member} summary={summary} />))).toContain(
      'Your points are below zero'
    )
  })

  it('shows the credit alone where the shop runs no points scheme', () => {
    const page = text(
      render(<LoyaltyPage chrome={member} summary={{ ...SUMMARY, progress: null, history: [] }} />)
    )
    expect(page).toContain('This shop has no points scheme')
    expect(page).toContain('£5.00')
    expect(page).not.toContain('Points history')
  })
})

const OFFER: ReferralOffer = { active: true, rewardAmount: 500, monthlyCap: 5 }
const MINE: MemberReferrals = {
  offer: OFFER,
  referralCode: 'ABC123',
  sharePath: '/referrer?code=ABC123',
  friends: [{ firstName: 'Sam', status: 'rewarded', createdAt: '2026-11-01T12:00:00.000Z' }],
  earned: 500,
  invitedBy: null,
}

describe('ReferrerPage', () => {
  it('shows everyone the offer, its three steps and its terms', () => {
    const page = text(
      render(<ReferrerPage chrome={guest} offer={OFFER} invitation={null} mine={null} />)
    )
    expect(page).toContain('Refer a friend: £5.00 off for you both')
    // One promise, the spec's "£5 off the next order for both", in the words of referral-promise.ts.
    expect(page).toContain(
      "When your friend's first order is delivered, you each get £5.00 off your next order."
    )
    expect(page).toContain('When it is delivered, you each get £5.00 off your next order.')
    expect(page).toContain('up to 5 friends a month')
    expect(page).toContain('You cannot refer yourself')
  })

  it('welcomes a friend with a valid code and carries it to the register form', () => {
    const invitation = {
      valid: true as const,
      referralCode: 'ABC123',
      referrerFirstName: 'Jo',
      rewardAmount: 500,
    }
    const html = render(
      <ReferrerPage chrome={guest} offer={OFFER} invitation={invitation} mine={null} />
    )
    expect(text(html)).toContain('Jo has invited you: £5.00 off for you both')
    expect(text(html)).toContain(
      'When your first order is delivered, you and Jo each get £5.00 off your next order.'
    )
    expect(html).toContain('href="/register?referralCode=ABC123"')
    // The page's own sign-in link comes back to the invitation.
    expect(html).toContain('href="/login?redirect=%2Freferrer%3Fcode%3DABC123"')
  })

  it('tells a friend who just registered with this code that it worked', () => {
    const invitation = {
      valid: true as const,
      referralCode: 'ABC123',
      referrerFirstName: 'Jo',
      rewardAmount: 500,
    }
    const joined = {
      ...MINE,
      invitedBy: { referralCode: 'ABC123', firstName: 'Jo', status: 'pending' as const },
    }
    const page = text(
      render(
        <ReferrerPage
          chrome={member}
          offer={OFFER}
          invitation={invitation}
          mine={{ referrals: joined, shareUrl: 'https://shop.example/referrer?code=XYZ789' }}
        />
      )
    )
    expect(page).toContain('You joined with this invitation.')
    expect(page).not.toContain('you already have an account')
    // Another member opening the link is told invitations are for new customers.
    const other = text(
      render(
        <ReferrerPage
          chrome={member}
          offer={OFFER}
          invitation={invitation}
          mine={{ referrals: MINE, shareUrl: 'https://shop.example/referrer?code=XYZ789' }}
        />
      )
    )
    expect(other).toContain('Invitations are for new customers: you already have an account.')
  })

  it('says an invalid code is not valid, as an alert', () => {
    const html = render(
      <ReferrerPage chrome={guest} offer={OFFER} invitation={{ valid: false }} mine={null} />
    )
    expect(html).toMatch(new RegExp(`role="alert"[^>]*>${MESSAGES.referralCodeInvalid}`))
  })

  it('gives a member their link (plain without JavaScript), friends and what they earned', () => {
    const html = render(
      <ReferrerPage
        chrome={member}
        offer={OFFER}
        invitation={null}
        mine={{ referrals: MINE, shareUrl: 'https://shop.example/referrer?code=ABC123' }}
      />
    )
    const page = text(html)
    expect(html).toContain('data-island="ReferralShare"')
    expect(html).toContain('href="https://shop.example/referrer?code=ABC123"')
    // The buttons need the browser's share or clipboard: not rendered on the server.
    expect(page).not.toContain('Copy link')
    expect(html).toContain('role="status"')
    expect(page).toContain('Sam')
    expect(page).toContain('Rewarded')
    expect(page).toContain('You have earned £5.00 of store credit from referrals.')
  })
})

describe('Give store credit', () => {
  it('reads pounds, the kind and a reason, and says at the field what is missing', () => {
    expect(giveCreditInputOf({ amount: '5', kind: 'goodwill', reason: 'Late' })).toEqual({
      ok: true,
      amount: 500,
      kind: 'goodwill',
      reason: 'Late',
    })
    const refused = giveCreditInputOf({ amount: 'lots', kind: 'cash', reason: ' ' })
    expect(refused.ok).toBe(false)
    if (!refused.ok)
      expect(Object.keys(refused.errors).sort()).toEqual(['amount', 'kind', 'reason'])
  })

  it('shows the refusals at their fields, the form open', () => {
    const html = render(
      <GiveCreditForm
        action="/store/1/orders/2"
        idempotencyKey="k"
        errors={{ reason: MESSAGES.orderActionReasonRequired }}
        values={{ amount: '5.00', kind: 'refund_as_credit' }}
      />
    )
    expect(html).toMatch(/<details[^>]*open/)
    expect(html).toContain(MESSAGES.orderActionReasonRequired)
    expect(html).toMatch(/checked="" value="refund_as_credit"/)
  })
})
