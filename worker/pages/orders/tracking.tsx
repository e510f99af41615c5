import type { Context } from 'hono'
import { TrackingPage } from '../../../client/pages/TrackingPage.tsx'
import { MemberReceiptPage } from '../../../client/pages/member/MemberReceiptPage.tsx'
import { MemberOrderDetailSchema } from '../../../schemas/member-orders.ts'
import {
  type TrackingRequest,
  TrackingSnapshotSchema,
  trackingPath,
} from '../../../schemas/tracking.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import type { AppEnv } from '../../env.ts'
import { readAccessToken } from '../../lib/cookies/session.ts'
import { AppError } from '../../lib/errors.ts'
import { renderPage, requestLocale, requestSay } from '../shared/render.tsx'
import { mapTilesOf } from '../../lib/map-tiles.ts'
import { substituteView } from './order-changes-forms.ts'
import { trackedAmendWindow } from './tracking-amend.tsx'
import { trackingRequest } from './tracking-request.ts'

/** Statuses the order may still be changed in: a later one spares the link's allowance a call. */
const AMENDABLE_STATUSES: ReadonlyArray<string> = ['sent_to_store', 'store_accepted_picking']

/**
 * GET /track/:orderNumber (`?t=` a signed link's token): the order's tracking page. Whoever may
 * see the order (the signed link, the member who placed it, the basket session that paid for it)
 * gets it; anyone else, and any order number that is not one, gets the same 404 (no existence
 * leak). Private and never indexed: it is one shopper's order.
 */
export async function trackingPage(c: Context<AppEnv>): Promise<Response> {
  const { token, request } = trackingRequest(c)
  const snapshot = await c.var.backend
    .post('/tracking/order', {
      body: request.data,
      token: readAccessToken(c),
      schema: TrackingSnapshotSchema,
    })
    .catch((error: unknown) => {
      // Not online: an archived order (ADR 050) shows its receipt to the link signed for it.
      if (token && error instanceof AppError && error.code === 'not_found') return null
      throw error
    })
  if (!snapshot) return receiptResponse(c, request.data, null)
  const amend = AMENDABLE_STATUSES.includes(snapshot.status)
    ? await trackedAmendWindow(c, request.data)
    : null
  return renderPage(
    c,
    (chrome) => (
      <TrackingPage
        chrome={chrome}
        snapshot={snapshot}
        token={token}
        tiles={mapTilesOf(c.env)}
        timeZone={requestLocale(c).timeZone}
        substitute={substituteView(c)}
        amendWindow={amend}
      />
    ),
    {
      meta: {
        title: requestSay(c)(MESSAGES.metaTrackOrderTitle, snapshot.orderNumber),
        description: requestSay(c)(MESSAGES.metaWhereYourOrderIs),
        noindex: true,
      },
      cache: 'private',
    }
  )
}

/**
 * GET /track/:orderNumber/receipt (`?t=` the signed link's token): the printable receipt (issue
 * 41), the member's page, for whoever may track the order (a guest by the link in their emails);
 * anyone else the same 404 as tracking.
 */
export async function trackingReceiptPage(c: Context<AppEnv>): Promise<Response> {
  const { token, request } = trackingRequest(c)
  return receiptResponse(c, request.data, trackingPath(request.data.orderNumber, token))
}

/** The receipt page; `backHref` null for an archived order, which has no tracking to go back to. */
async function receiptResponse(
  c: Context<AppEnv>,
  request: TrackingRequest,
  backHref: string | null
): Promise<Response> {
  const order = await c.var.backend.post('/tracking/receipt', {
    body: request,
    token: readAccessToken(c),
    schema: MemberOrderDetailSchema,
  })
  return renderPage(
    c,
    (chrome) => <MemberReceiptPage chrome={chrome} order={order} backHref={backHref} />,
    {
      meta: {
        title: requestSay(c)(MESSAGES.pageReceiptHeading, order.orderId),
        description: requestSay(c)(MESSAGES.metaYourReceipt),
        noindex: true,
      },
      cache: 'private',
    }
  )
}
