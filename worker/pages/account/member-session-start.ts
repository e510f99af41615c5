import type { Context } from 'hono'
import type { TokenResponse } from '../../../schemas/auth.ts'
import { type BasketFollow, BasketFollowSchema } from '../../../schemas/basket.ts'
import { formatMessage } from '../../../schemas/messages.ts'
import type { AppEnv } from '../../env.ts'
import {
  forgetMemberBasket,
  readBasketToken,
  readMemberBasketToken,
  rememberBasket,
} from '../../lib/cookies/basket.ts'
import { setFlashWith } from '../../lib/cookies/flash.ts'
import { rememberSession } from '../../lib/cookies/session.ts'
import { logError } from '../../lib/log.ts'
import { forgetsForeignBasket } from '../shared/request-basket.ts'

/*
 * Where every member session starts (password and one-time-code sign-in, the checkout's sign-in
 * step, social sign-in, registration): the tokens go into their cookies and the member's basket
 * comes to this browser, with what the browser's basket held merged into it (issue 35 item 13).
 */

function itemsOf(count: number): string {
  return `${count} ${count === 1 ? 'item' : 'items'}`
}

/** What the shopper is told of their basket after signing in; null when there is nothing to say. */
export function basketFollowMessage(
  follow: BasketFollow
): { message: string; tone: 'success' | 'notice' } | null {
  const storeName = follow.basket?.store?.name ?? null
  if (follow.outcome === 'other_store') {
    return {
      message: formatMessage(
        'basketMergeOtherStore',
        storeName ?? 'another store',
        itemsOf(follow.dropped)
      ),
      tone: 'notice',
    }
  }
  if (follow.outcome === 'merged') {
    const added = follow.added > 0 ? formatMessage('basketMerged', itemsOf(follow.added)) : ''
    const limited =
      follow.dropped > 0 ? formatMessage('basketMergeLimited', itemsOf(follow.dropped)) : ''
    return {
      message: [added, limited].filter(Boolean).join(' '),
      tone: follow.dropped > 0 ? 'notice' : 'success',
    }
  }
  if (follow.outcome === 'restored' && storeName && (follow.basket?.totals.itemCount ?? 0) > 0) {
    return { message: formatMessage('basketRestored', storeName), tone: 'success' }
  }
  return null
}

async function follow(
  c: Context<AppEnv>,
  accessToken: string,
  basketToken: string | undefined
): Promise<BasketFollow> {
  return c.var.backend.post('/basket/follow', {
    body: {
      businessId: c.var.brand.businessId,
      brandId: c.var.brand.id,
      ...(basketToken ? { basketToken } : {}),
    },
    token: accessToken,
    schema: BasketFollowSchema,
  })
}

/**
 * The member's basket on sign-in (POST /basket/follow with the browser's basket). A basket cookie
 * of another member is forgotten and the member's own basket comes without it. A failure is logged
 * and never blocks the sign-in. Answers what happened, or null.
 */
async function bringMemberBasket(
  c: Context<AppEnv>,
  accessToken: string
): Promise<BasketFollow | null> {
  const aside = readMemberBasketToken(c)
  if (aside) forgetMemberBasket(c)
  // The basket this browser holds, else the one a past sign-out put aside (often the member's own:
  // it is then kept under its token, no new one issued).
  const current = readBasketToken(c) ?? aside
  try {
    let sent = current
    let followed: BasketFollow
    try {
      followed = await follow(c, accessToken, sent)
    } catch (refusal) {
      if (!sent || !forgetsForeignBasket(c, refusal)) throw refusal
      sent = undefined
      followed = await follow(c, accessToken, sent)
    }
    // A basket kept under the token sent is answered without one: this browser keeps that token.
    const basketToken = followed.basket?.basketToken ?? sent
    if (followed.basket) rememberBasket(c, { ...followed.basket, basketToken })
    return followed
  } catch (error) {
    logError(error, { requestId: c.var.requestId, event: 'basket follow after sign-in failed' })
    return null
  }
}

/**
 * THE start of a member session: keeps the tokens in their cookies and brings the member's basket.
 * When the basket has something to say (a merge, a basket back from another visit) it is the flash
 * and true is answered; otherwise the caller sets its own ('signed in', 'registered').
 */
export async function startMemberSession(
  c: Context<AppEnv>,
  tokens: TokenResponse
): Promise<boolean> {
  rememberSession(c, tokens)
  if (tokens.kind !== 'member') return false
  const followed = await bringMemberBasket(c, tokens.access_token)
  const said = followed ? basketFollowMessage(followed) : null
  if (!said) return false
  setFlashWith(c, said.tone === 'success' ? 'basketFollowed' : 'basketFollowNotice', said.message)
  return true
}
