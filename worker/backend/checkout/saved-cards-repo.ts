import type { CardGateway, SavedCard } from '../../../schemas/checkout.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { AppError } from '../../lib/errors.ts'

interface SavedCardRow {
  id: number
  gateway: CardGateway
  token: string
  brand: SavedCard['brand']
  last4: string
  expiry_month: number
  expiry_year: number
  cardholder_name: string | null
  is_default: number
}

function toSavedCard(row: SavedCardRow): SavedCard {
  return {
    cardId: row.id,
    brand: row.brand,
    last4: row.last4,
    expiryMonth: row.expiry_month,
    expiryYear: row.expiry_year,
    cardholderName: row.cardholder_name,
    gateway: row.gateway,
    isDefault: row.is_default === 1,
  }
}

const CARD_COLUMNS = `id, gateway, token, brand, last4, expiry_month, expiry_year, cardholder_name,
  is_default`

/** A member's saved cards, newest first (display fields only). */
export async function listSavedCards(
  db: D1Database,
  customerId: number
): Promise<Array<SavedCard>> {
  const { results } = await db
    .prepare(
      `select ${CARD_COLUMNS} from saved_cards where customer_id = ?1
       order by is_default desc, id desc`
    )
    .bind(customerId)
    .all<SavedCardRow>()
  return results.map(toSavedCard)
}

/** One of the member's cards with its gateway token, or null when it is not theirs. */
export async function findOwnCard(
  db: D1Database,
  customerId: number,
  cardId: number
): Promise<(SavedCard & { token: string }) | null> {
  const row = await db
    .prepare(`select ${CARD_COLUMNS} from saved_cards where id = ?1 and customer_id = ?2`)
    .bind(cardId, customerId)
    .first<SavedCardRow>()
  return row ? { ...toSavedCard(row), token: row.token } : null
}

/** Deletes one of the member's cards; someone else's card is 'not found', like a missing one. */
export async function deleteSavedCard(
  db: D1Database,
  customerId: number,
  cardId: number
): Promise<void> {
  const result = await db
    .prepare(`delete from saved_cards where id = ?1 and customer_id = ?2`)
    .bind(cardId, customerId)
    .run()
  if (result.meta.changes === 0) throw new AppError('not_found', MESSAGES.cardNotFound)
}

/** Whether the member has a card saved with this gateway (a payer there already). */
export async function hasSavedCard(
  db: D1Database,
  customerId: number,
  gateway: CardGateway
): Promise<boolean> {
  const row = await db
    .prepare(`select 1 as ok from saved_cards where customer_id = ?1 and gateway = ?2 limit 1`)
    .bind(customerId, gateway)
    .first<{ ok: number }>()
  return row !== null
}
