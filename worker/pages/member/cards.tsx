import { readAccessToken } from '../../lib/cookies/session.ts'
import type { Context } from 'hono'
import { routePath } from '../../../client/lib/routes.ts'
import { CardsPage, type CardView } from '../../../client/pages/member/CardsPage.tsx'
import { isCardExpired } from '../../../schemas/card-expiry.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { DeleteCardRequestSchema, SavedCardListSchema } from '../../../schemas/payments.ts'
import { DeleteCardFormSchema } from '../../../schemas/forms/delete-card.ts'
import type { AppEnv } from '../../env.ts'
import { now } from '../../lib/clock.ts'
import { AppError } from '../../lib/errors.ts'
import { redirectTo } from '../../lib/redirect.ts'
import { readForm } from '../shared/forms.ts'
import { renderPage, requestSay } from '../shared/render.tsx'
import { memberScope, sessionEnded } from '../shared/member-call.ts'

const PATH = routePath('member-cards')

async function loadCards(c: Context<AppEnv>): Promise<Array<CardView>> {
  const token = readAccessToken(c)
  const { businessId } = memberScope(c)
  const { cards } = await c.var.backend.post('/member/cards', {
    body: { businessId },
    token,
    schema: SavedCardListSchema,
  })
  const today = now(c.env)
  return cards.map((card) => ({ ...card, expired: isCardExpired(card, today) }))
}

async function render(
  c: Context<AppEnv>,
  view: { notice?: string | null; error?: string | null; deleteId?: string | undefined },
  status: 200 | 422 = 200
): Promise<Response> {
  const cards = await loadCards(c)
  const deleteId = Number(view.deleteId)
  return renderPage(
    c,
    (chrome) => (
      <CardsPage
        chrome={chrome}
        cards={cards}
        notice={view.notice ?? null}
        error={view.error ?? null}
        deleting={cards.find(({ cardId }) => cardId === deleteId) ?? null}
      />
    ),
    {
      meta: {
        title: requestSay(c)(MESSAGES.pageSavedCards),
        description: requestSay(c)(MESSAGES.metaSavedCards),
        noindex: true,
      },
      cache: 'private',
      status,
    }
  )
}

/** GET /member/cards: the saved cards; `?delete=<id>` asks before deleting one. */
export async function memberCardsPage(c: Context<AppEnv>): Promise<Response> {
  try {
    return await render(c, {
      notice: c.req.query('done') === 'deleted' ? MESSAGES.cardDeleted : null,
      deleteId: c.req.query('delete'),
    })
  } catch (error) {
    const lost = sessionEnded(c, error)
    if (lost) return lost
    throw error
  }
}

/**
 * POST /member/cards: deletes the card (the backend forgets it at the gateway too), then 303 back
 * with a notice. Another member's card, or one already gone, is 'We could not find that card.'.
 */
export async function memberCardsForm(c: Context<AppEnv>): Promise<Response> {
  const posted = DeleteCardFormSchema.parse(await readForm(c))
  const token = readAccessToken(c)
  const { businessId } = memberScope(c)
  const body = DeleteCardRequestSchema.safeParse({ businessId, cardId: posted.cardId })
  if (!body.success) return render(c, { error: MESSAGES.cardNotFound }, 422)
  try {
    await c.var.backend.post('/member/cards/delete', {
      body: body.data,
      token,
      schema: SavedCardListSchema,
    })
  } catch (error) {
    const lost = sessionEnded(c, error)
    if (lost) return lost
    if (error instanceof AppError && error.code === 'not_found') {
      return render(c, { error: MESSAGES.cardNotFound }, 422)
    }
    // The gateway did not confirm: the card stays, and the member may try again.
    if (error instanceof AppError && error.code === 'upstream_error') {
      return render(c, { error: MESSAGES.cardDeleteFailed }, 422)
    }
    throw error
  }
  return redirectTo(c, `${PATH}?done=deleted`, 303)
}
