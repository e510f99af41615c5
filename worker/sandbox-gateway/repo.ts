/** A signed request the sandbox card page accepted, keyed by its ORDER_ID. */
export interface SandboxRequest {
  order_id: string
  merchant_id: string
  account: string
  amount: string
  currency: string
  response_url: string
  cancel_url: string | null
  card_storage: number
  payer_ref: string | null
  pmt_ref: string | null
  select_stored_card: string | null
  status: 'open' | 'challenge' | 'answered' | 'voided'
  challenge_brand: string | null
  challenge_last4: string | null
  challenge_expiry: string | null
  result_code: string | null
  pasref: string | null
  voided_at: string | null
}

export interface SandboxStoredCard {
  brand: string
  last4: string
  expiry: string
  cardholder_name: string | null
  result_code: string
}

/** Keeps a request; false when its ORDER_ID was seen before (RESULT 501). */
export async function insertRequest(
  db: D1Database,
  request: Omit<
    SandboxRequest,
    | 'status'
    | 'challenge_brand'
    | 'challenge_last4'
    | 'challenge_expiry'
    | 'result_code'
    | 'pasref'
    | 'voided_at'
  >
): Promise<boolean> {
  const result = await db
    .prepare(
      `insert into sandbox_hpp_requests (order_id, merchant_id, account, amount, currency,
         response_url, cancel_url, card_storage, payer_ref, pmt_ref, select_stored_card)
       values (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)
       on conflict (order_id) do nothing`
    )
    .bind(
      request.order_id,
      request.merchant_id,
      request.account,
      request.amount,
      request.currency,
      request.response_url,
      request.cancel_url,
      request.card_storage,
      request.payer_ref,
      request.pmt_ref,
      request.select_stored_card
    )
    .run()
  return result.meta.changes === 1
}

export function findRequest(db: D1Database, orderId: string): Promise<SandboxRequest | null> {
  return db
    .prepare(`select * from sandbox_hpp_requests where order_id = ?1`)
    .bind(orderId)
    .first<SandboxRequest>()
}

/** Parks a request on its 3-D Secure challenge with the card's display fields. */
export async function startChallenge(
  db: D1Database,
  orderId: string,
  card: { brand: string; last4: string; expiry: string }
): Promise<boolean> {
  const result = await db
    .prepare(
      `update sandbox_hpp_requests set status = 'challenge', challenge_brand = ?2,
         challenge_last4 = ?3, challenge_expiry = ?4
       where order_id = ?1 and status = 'open'`
    )
    .bind(orderId, card.brand, card.last4, card.expiry)
    .run()
  return result.meta.changes === 1
}

/**
 * Marks a request answered with its RESULT and PASREF; false when it already was (each request is
 * answered once).
 */
export async function markAnswered(
  db: D1Database,
  orderId: string,
  answer: { resultCode: string; pasref: string }
): Promise<boolean> {
  const result = await db
    .prepare(
      `update sandbox_hpp_requests set status = 'answered', result_code = ?2, pasref = ?3
       where order_id = ?1 and status in ('open', 'challenge')`
    )
    .bind(orderId, answer.resultCode, answer.pasref)
    .run()
  return result.meta.changes === 1
}

/**
 * Voids an authorised transaction named by ORDER_ID and PASREF. True when it is voided now or
 * was already (a repeated void changes nothing); false when there is no such authorisation.
 */
export async function voidTransaction(
  db: D1Database,
  input: { merchantId: string; orderId: string; pasref: string; at: string }
): Promise<boolean> {
  const [, row] = await db.batch([
    db
      .prepare(
        `update sandbox_hpp_requests set status = 'voided', voided_at = ?4
         where order_id = ?1 and merchant_id = ?2 and pasref = ?3 and status = 'answered'
           and result_code = '00'`
      )
      .bind(input.orderId, input.merchantId, input.pasref, input.at),
    db
      .prepare(
        `select status from sandbox_hpp_requests
         where order_id = ?1 and merchant_id = ?2 and pasref = ?3`
      )
      .bind(input.orderId, input.merchantId, input.pasref),
  ])
  return (row?.results[0] as { status: string } | undefined)?.status === 'voided'
}

export function findStoredCard(
  db: D1Database,
  merchantId: string,
  payerRef: string,
  pmtRef: string
): Promise<SandboxStoredCard | null> {
  return db
    .prepare(
      `select brand, last4, expiry, cardholder_name, result_code from sandbox_stored_cards
       where merchant_id = ?1 and payer_ref = ?2 and pmt_ref = ?3`
    )
    .bind(merchantId, payerRef, pmtRef)
    .first<SandboxStoredCard>()
}

export async function storeCard(
  db: D1Database,
  card: SandboxStoredCard & { merchant_id: string; payer_ref: string; pmt_ref: string }
): Promise<void> {
  await db
    .prepare(
      `insert into sandbox_stored_cards (merchant_id, payer_ref, pmt_ref, brand, last4, expiry,
         cardholder_name, result_code)
       values (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
       on conflict (merchant_id, payer_ref, pmt_ref) do nothing`
    )
    .bind(
      card.merchant_id,
      card.payer_ref,
      card.pmt_ref,
      card.brand,
      card.last4,
      card.expiry,
      card.cardholder_name,
      card.result_code
    )
    .run()
}
