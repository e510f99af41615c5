import { routePath } from '../lib/routes.ts'
import type { AmendWindow } from '../../schemas/order-amend.ts'
import {
  TRACKING_TOKEN_PARAM,
  trackingAmendPath,
  trackingReceiptPath,
  type TrackingSnapshot,
} from '../../schemas/tracking.ts'
import { AmendOrderLink } from '../components/member/AmendOrderLink.tsx'
import { OrderChanges } from '../components/order-changes/OrderChanges.tsx'
import { trackingRejectSubstitutePath, type SubstituteOutcome } from '../lib/order-changes-paths.ts'
import { island } from '../components/Island.tsx'
import { Layout } from '../components/Layout.tsx'
import type { PageChrome } from '../lib/page-chrome.ts'
import { whenText } from '../components/tracking/tracking-view.ts'
import { TrackingLive } from '../islands/TrackingLive.tsx'
import type { MapTiles } from '../lib/tracking-map.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import { useText } from '../lib/page-text.ts'
import {
  TRACKING_LIVE_COUNTS,
  TRACKING_LIVE_TEXTS,
} from '../components/tracking/TrackingStatus.tsx'
import { useShopLocale } from '../lib/shop-locale.ts'

// Loaded at once: the page is about what happens next, and the socket should open early.
const TrackingLiveIsland = island('TrackingLive', TrackingLive, {
  hydrate: 'load',
  texts: TRACKING_LIVE_TEXTS,
  counts: TRACKING_LIVE_COUNTS,
})

export interface TrackingPageProps {
  chrome: PageChrome
  snapshot: TrackingSnapshot
  token: string | null
  tiles: MapTiles
  timeZone: string
  /** After a substitute's rejection (issue 42): what happened, to which line. */
  substitute?: { outcome: SubstituteOutcome; lineId: number | null } | null
  /** Whether the order may still be changed (issue 42): "Change this order" while it may. */
  amendWindow?: AmendWindow | null
}

/** The phone number as a tel: link target (digits and a leading +). */
function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`
}

/**
 * /track/:orderNumber: where an order is. The state, its tracking message and the timeline; when
 * and from which store; while the driver is en route, how far away and when, and the map. All of
 * it is text first: the island keeps it live and adds the map.
 */
export function TrackingPage({
  chrome,
  snapshot,
  token,
  tiles,
  timeZone,
  substitute = null,
  amendWindow = null,
}: TrackingPageProps) {
  const { store } = snapshot
  const text = useText()
  const shop = useShopLocale()
  return (
    <Layout chrome={chrome}>
      <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:py-8">
        <p className="text-sm font-semibold tracking-wide text-ink/70 uppercase">
          {text(MESSAGES.pageTrackYourOrder)}
        </p>
        <h1 className="mt-1 text-3xl font-extrabold tracking-tight [overflow-wrap:anywhere]">
          {text(MESSAGES.pageOrderNumbered, snapshot.orderNumber)}
        </h1>
        <p className="mt-2 text-ink/80" data-testid="tracking-when">
          {whenText(snapshot, timeZone, shop, text)}
        </p>
        {amendWindow?.open ? (
          <div className="mt-4">
            <AmendOrderLink
              href={trackingAmendPath(snapshot.orderNumber, token)}
              window={amendWindow}
            />
          </div>
        ) : null}
        <div className="mt-6 grid gap-5 lg:grid-cols-[1fr_18rem]">
          <TrackingLiveIsland snapshot={snapshot} token={token} tiles={tiles} timeZone={timeZone} />
          <aside
            aria-labelledby="tracking-store-title"
            className="h-fit rounded-2xl border border-black/10 bg-white p-4 shadow-sm sm:p-5"
          >
            <h2 id="tracking-store-title" className="text-lg font-bold">
              {snapshot.fulfilmentMethod === 'delivery'
                ? text(MESSAGES.pageDeliveringFrom)
                : text(MESSAGES.pageCollectFrom)}
            </h2>
            <p className="mt-1 font-semibold">{store.name}</p>
            {store.phone ? (
              <p className="mt-3">
                <a
                  href={telHref(store.phone)}
                  aria-label={text(MESSAGES.pageCallStoreOn, store.phone)}
                  className="inline-flex min-h-11 items-center rounded-full border-2 border-primary px-4 font-semibold whitespace-nowrap text-primary"
                >
                  {text(MESSAGES.pageCallNumber, store.phone)}
                </a>
              </p>
            ) : null}
            <p className="mt-3 text-sm text-ink/70">{text(MESSAGES.pageQuestionsStoreHelps)}</p>
            <p className="mt-2">
              <a
                href={routePath('contact', undefined, { order: snapshot.orderNumber })}
                className="inline-flex min-h-11 items-center font-semibold text-primary underline underline-offset-4"
              >
                {text(MESSAGES.pageContactAboutOrder)}
              </a>
            </p>
            <p>
              <a
                href={trackingReceiptPath(snapshot.orderNumber, token)}
                className="inline-flex min-h-11 items-center font-semibold text-primary underline underline-offset-4"
              >
                {text(MESSAGES.pagePrintableReceipt)}
              </a>
            </p>
          </aside>
        </div>
        {snapshot.changes ? (
          <div className="mt-5 lg:max-w-[calc(100%-19.25rem)]">
            <OrderChanges
              changes={snapshot.changes}
              action={trackingRejectSubstitutePath(snapshot.orderNumber)}
              hidden={token ? { [TRACKING_TOKEN_PARAM]: token } : {}}
              outcome={substitute?.outcome ?? null}
              outcomeLineId={substitute?.lineId ?? null}
            />
          </div>
        ) : null}
      </div>
    </Layout>
  )
}
