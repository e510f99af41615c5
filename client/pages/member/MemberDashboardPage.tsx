import type { MemberDashboard } from '../../../schemas/member-orders.ts'
import { MemberShell, MEMBER_SECTIONS } from '../../components/member/MemberShell.tsx'
import { ActionLink, OrderCard } from '../../components/member/OrderCard.tsx'
import {
  hasRewards,
  RewardsCard,
  type RewardsAtAGlance,
} from '../../components/rewards/RewardsCard.tsx'
import { ReorderButton } from '../../components/member/ReorderForm.tsx'
import type { PageChrome } from '../../lib/page-chrome.ts'
import { routePath } from '../../lib/routes.ts'
import { trackingPath } from '../../../schemas/tracking.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { useText } from '../../lib/page-text.ts'

export interface MemberDashboardPageProps {
  chrome: PageChrome
  dashboard: MemberDashboard
  /** Points and store credit; null when the shop could not say (the card is left out). */
  rewards?: RewardsAtAGlance | null
}

/**
 * `/member`: a greeting, the newest order with its state and what can be done with it now (track
 * while tracking is offered, reorder), and a link to every section of the account.
 */
export function MemberDashboardPage({
  chrome,
  dashboard,
  rewards = null,
}: MemberDashboardPageProps) {
  const { latestOrder } = dashboard
  const text = useText()
  return (
    <MemberShell
      chrome={chrome}
      active="member"
      title={text(MESSAGES.pageHello, dashboard.firstName)}
    >
      <section aria-labelledby="latest-order-title">
        <h2 id="latest-order-title" className="mb-3 text-xl font-bold">
          {text(MESSAGES.pageYourLatestOrder)}
        </h2>
        {latestOrder ? (
          <OrderCard
            order={latestOrder}
            headingLevel="h3"
            actions={
              <>
                {latestOrder.trackingOffered ? (
                  <ActionLink href={trackingPath(latestOrder.orderId)} variant="primary">
                    {text(MESSAGES.pageTrackOrder)}
                  </ActionLink>
                ) : null}
                <ReorderButton
                  orderId={latestOrder.orderId}
                  method={latestOrder.fulfilmentMethod}
                />
                <ActionLink href={routePath('member-orders')}>
                  {text(MESSAGES.pageAllOrders)}
                </ActionLink>
              </>
            }
          />
        ) : (
          <p className="rounded-2xl border border-black/10 bg-white p-5 text-ink/80">
            {text(MESSAGES.pageNoOrderYet)}{' '}
            <a href={routePath('index')} className="font-semibold text-primary underline">
              {text(MESSAGES.pageFindAStore)}
            </a>
          </p>
        )}
      </section>
      {hasRewards(rewards) ? <RewardsCard rewards={rewards} /> : null}
      <section aria-labelledby="sections-title" className="mt-8">
        <h2 id="sections-title" className="mb-3 text-xl font-bold">
          {text(MESSAGES.pageYourAccount)}
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2">
          {MEMBER_SECTIONS.filter(({ route }) => route !== 'member').map(({ route, label }) => (
            <li key={route}>
              <a
                href={routePath(route)}
                className="flex min-h-14 items-center rounded-2xl border border-black/10 bg-white px-4 font-semibold shadow-sm hover:bg-tint"
              >
                {text(label)}
              </a>
            </li>
          ))}
        </ul>
      </section>
    </MemberShell>
  )
}
