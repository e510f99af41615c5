import { MESSAGES } from '../../schemas/messages.ts'
import { AppError } from '../lib/errors.ts'
import { decodeHppResponse } from '../realex/hpp.ts'
import { readJsonBody } from '../lib/request-body.ts'
import { businessOfToken } from './business-token.ts'
import { businessOfKey, type KeyKind } from './directory/keys-repo.ts'

/*
 * Calls that may arrive with a key and no business (ADR 056): a gateway's answer by its order
 * reference, a signed tracking link, a staff sign-in by email, a staff invitation's or a password
 * reset's link. The business is the key's own when
 * the key carries it (the tracking link's token names it, under its MAC), else the directory's key
 * index says it. Either way the route then runs as if the call had named that business, and checks
 * the key itself (the link's MAC, the answer's signature, the password): the lookup only chooses
 * where to look, never what the caller may do.
 */

/** How a route's key finds its business. */
interface KeyRoute {
  /** The key in the call's JSON body: a business id it carries, or a key to look up. */
  key: (
    body: Record<string, unknown>
  ) => { businessId: number } | { kind: KeyKind; key: string } | null
  /** The route's own answer for a key no business has; null: the route answers it itself. */
  unknown: (() => AppError) | null
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null

/** A route whose token (in `field`) begins with its business: `unknown` for one that does not. */
function tokenOfBusiness(field: string, unknown: () => AppError): KeyRoute {
  return {
    key: (body) => {
      const businessId = businessOfToken(text(body[field]))
      return businessId === null ? null : { businessId }
    },
    unknown,
  }
}

/** The signed tracking link's token begins with its business (tracking/token.ts). */
const trackingLink = tokenOfBusiness(
  'token',
  () => new AppError('not_found', MESSAGES.orderNotFound)
)

/** A password reset link's token begins with its business (business-token.ts). */
const resetLink = tokenOfBusiness(
  'resetToken',
  () => new AppError('not_found', MESSAGES.resetLinkInvalid)
)

/** The hosted card page's answer: by its ORDER_ID, read before its signature is checked (the route checks it). */
const hostedPageAnswer: KeyRoute = {
  key: (body) => {
    const answer = text(body.hppResponse)
    const orderId = answer ? text(decodeHppResponse(answer, { encoded: true })?.ORDER_ID) : null
    return orderId ? { kind: 'gateway_order', key: orderId } : null
  },
  unknown: () => new AppError('not_found', MESSAGES.paymentNotFound),
}

const KEY_ROUTES: ReadonlyMap<string, KeyRoute> = new Map([
  ['/tracking/order', trackingLink],
  ['/tracking/receipt', trackingLink],
  ['/checkout/hpp/consumer-data', hostedPageAnswer],
  // An amend's top-up answers the same way at its own address (ADR 059).
  ['/amend/top-up/answer', hostedPageAnswer],
  ['/auth/reset-password/validate', resetLink],
  ['/auth/reset-password', resetLink],
  [
    '/staff/invitations/accept',
    tokenOfBusiness('token', () => new AppError('not_found', MESSAGES.staffInvitationInvalid)),
  ],
  [
    '/staff/auth/sign-in',
    {
      key: (body) => {
        const email = text(body.email)?.toLowerCase()
        return email ? { kind: 'staff_email', key: email } : null
      },
      // The route refuses an unknown email as a wrong password, after the same rate limit and
      // password work, so the answer and its time say nothing of which emails are staff.
      unknown: null,
    },
  ],
])

/**
 * For a call that names no business: the business of its key, written into the call's body as
 * `businessId` so the route reads it as named. A key no business has is the route's not-found
 * answer. Null when the call is not one of these routes (or its body is not a JSON object).
 * Without a directory (one database) only a key that carries its business finds it.
 */
export async function businessOfKeyedCall(
  request: Request,
  path: string,
  directory: D1Database | undefined
): Promise<number | null> {
  const route = KEY_ROUTES.get(path)
  if (!route || request.method !== 'POST') return null
  if (!request.headers.get('content-type')?.includes('application/json')) return null
  // The route's own memoised read: what is written here is what its schema parses.
  const body = await readJsonBody(request).catch(() => null)
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null
  const fields = body as Record<string, unknown>
  if (fields.businessId !== undefined) return null
  const found = route.key(fields)
  const businessId =
    found === null
      ? null
      : 'businessId' in found
        ? found.businessId
        : directory
          ? await businessOfKey(directory, found.kind, found.key)
          : null
  if (businessId === null) {
    if (route.unknown) throw route.unknown()
    return null
  }
  fields.businessId = businessId
  return businessId
}
