import { cardExpiryLabel } from '../../../schemas/card-expiry.ts'
import type { SavedCard } from '../../../schemas/checkout.ts'
import { FormAlert, FormNotice } from '../../components/forms/Form.tsx'
import type { PageChrome } from '../../lib/page-chrome.ts'
import { CardBrandIcon } from '../../components/checkout/CardBrandIcon.tsx'
import { CARD_BRAND_NAMES } from '../../lib/card-brands.ts'
import { ConfirmDelete } from '../../components/member/ConfirmDelete.tsx'
import { DELETE_CARD_FIELDS } from '../../../schemas/forms/delete-card.ts'
import { MemberShell } from '../../components/member/MemberShell.tsx'
import { routePath } from '../../lib/routes.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { type PageTexts, useText } from '../../lib/page-text.ts'

/** A saved card as the page shows it: the display fields and whether it has expired. */
export type CardView = SavedCard & { expired: boolean }

export interface CardsPageProps {
  chrome: PageChrome
  cards: ReadonlyArray<CardView>
  notice: string | null
  error: string | null
  /** The card the member asked to delete: the page asks before it goes. */
  deleting: CardView | null
}

const LINK_CLASS =
  'inline-flex min-h-11 items-center rounded-xl px-3 font-semibold text-primary underline underline-offset-4 hover:bg-tint'

function cardName(card: SavedCard, text: PageTexts['say']): string {
  return text(MESSAGES.pageCardEnding, CARD_BRAND_NAMES[card.brand], card.last4)
}

function DeleteCardConfirm({ card }: { card: CardView }) {
  const text = useText()
  return (
    <ConfirmDelete
      id="delete-card"
      title={text(MESSAGES.pageDeleteYourCard, cardName(card, text))}
      action={routePath('member-cards')}
      fields={{ [DELETE_CARD_FIELDS.cardId]: card.cardId }}
      submitLabel={text(MESSAGES.pageDeleteCard)}
    >
      <p>{text(MESSAGES.pageProviderForgets)}</p>
    </ConfirmDelete>
  )
}

/**
 * /member/cards: the member's saved cards (brand, last four, expiry; expired ones marked), each
 * deleted after the page asks. Cards are saved while paying, so there is no add form here.
 */
export function CardsPage({ chrome, cards, notice, error, deleting }: CardsPageProps) {
  const path = routePath('member-cards')
  const text = useText()
  return (
    <MemberShell chrome={chrome} active="member-cards" title={MESSAGES.pageSavedCards}>
      <FormNotice message={notice ?? undefined} />
      <FormAlert id="cards-error" message={error ?? undefined} />
      {deleting ? <DeleteCardConfirm card={deleting} /> : null}
      {cards.length === 0 ? (
        <p className="text-ink/80">{text(MESSAGES.pageNoSavedCards)}</p>
      ) : (
        <ul className="grid max-w-2xl gap-3">
          {cards.map((card) => (
            <li
              key={card.cardId}
              aria-labelledby={`card-${card.cardId}`}
              className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-2xl border border-black/10 bg-white p-4 shadow-sm"
            >
              <CardBrandIcon brand={card.brand} />
              <div className="min-w-0 flex-1">
                <h2 id={`card-${card.cardId}`} className="font-bold">
                  {CARD_BRAND_NAMES[card.brand]} •••• {card.last4}
                </h2>
                <p className="text-sm text-ink/80">
                  {text(card.expired ? MESSAGES.pageExpired : MESSAGES.pageExpires)}{' '}
                  {cardExpiryLabel(card)}
                  {card.cardholderName ? ` · ${card.cardholderName}` : ''}
                </p>
              </div>
              {card.expired ? (
                <span className="rounded-full bg-red-50 px-2.5 py-0.5 text-sm font-bold text-red-900 ring-1 ring-red-700/40">
                  {text(MESSAGES.pageExpired)}
                </span>
              ) : null}
              <a href={`${path}?delete=${card.cardId}#delete-card`} className={LINK_CLASS}>
                {text(MESSAGES.pageDelete)}
                <span className="sr-only"> {cardName(card, text)}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </MemberShell>
  )
}
