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
  /** 0: AUTO_SETTLE_FLAG=0, held until a settle request takes part or all of it (ADR 039). */
  auto_settle: number
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
         response_url, cancel_url, card_storage, payer_ref, pmt_ref, select_stored_card, auto_settle)
       values (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)
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
      request.select_stored_card,
      request.auto_settle
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
 * was already (a repeated void changes nothing); false when there is no such authorisation, or
 * it is settled or partly refunded (a void lets go of the whole authorisation, before settlement).
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
           and result_code = '00' and settled = 0
           and not exists (select 1 from sandbox_refunds
             where provider = 'realex' and transaction_ref = ?1)`
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

/** Deletes a stored card (card-cancel-card); false when the sandbox holds no such card. */
export async function deleteStoredCard(
  db: D1Database,
  card: { merchantId: string; payerRef: string; pmtRef: string }
): Promise<boolean> {
  const result = await db
    .prepare(
      `delete from sandbox_stored_cards
       where merchant_id = ?1 and payer_ref = ?2 and pmt_ref = ?3`
    )
    .bind(card.merchantId, card.payerRef, card.pmtRef)
    .run()
  return result.meta.changes > 0
}

// --- The local frames provider's tables ---------------------------------------------------------

export interface TokenRow {
  token: string
  kind: 'card' | 'cvv' | 'wallet'
  brand: string | null
  last4: string | null
  expiry_month: number | null
  expiry_year: number | null
  result_code: string | null
  challenge: number
}

export interface SourceRow {
  id: string
  brand: string
  last4: string
  expiry_month: number
  expiry_year: number
  result_code: string
  challenge: number
}

export interface PaymentRow {
  id: string
  reference: string
  amount: number
  currency: string
  source_id: string | null
  status: 'Pending' | 'Authorized' | 'Card Verified' | 'Declined' | 'Voided'
  response_code: string | null
  response_summary: string | null
  success_url: string | null
  failure_url: string | null
  /** 0: authorised with capture false, held until a capture (ADR 039). */
  auto_capture: number
  /** What a capture took of a hold (read back from the table; absent on a new payment). */
  captured_amount?: number | null
}

export async function insertToken(
  db: D1Database,
  token: string,
  row: Omit<TokenRow, 'token'>
): Promise<string> {
  await db
    .prepare(
      `insert into sandbox_frames_tokens (token, kind, brand, last4, expiry_month, expiry_year,
         result_code, challenge)
       values (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)`
    )
    .bind(
      token,
      row.kind,
      row.brand,
      row.last4,
      row.expiry_month,
      row.expiry_year,
      row.result_code,
      row.challenge
    )
    .run()
  return token
}

/** Spends a single-use token of `kinds`; null when unknown or already used. */
export async function spendToken(
  db: D1Database,
  token: string,
  kinds: ReadonlyArray<TokenRow['kind']>
): Promise<TokenRow | null> {
  const row = await db
    .prepare(
      `update sandbox_frames_tokens set used_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
       where token = ?1 and used_at is null
       returning token, kind, brand, last4, expiry_month, expiry_year, result_code, challenge`
    )
    .bind(token)
    .first<TokenRow>()
  return row && kinds.includes(row.kind) ? row : null
}

export function findPayment(db: D1Database, id: string): Promise<PaymentRow | null> {
  return db
    .prepare(`select * from sandbox_frames_payments where id = ?1`)
    .bind(id)
    .first<PaymentRow>()
}

export function findSource(db: D1Database, id: string | null): Promise<SourceRow | null> {
  if (!id) return Promise.resolve(null)
  return db
    .prepare(`select * from sandbox_frames_sources where id = ?1`)
    .bind(id)
    .first<SourceRow>()
}

export function findPaymentByReference(
  db: D1Database,
  reference: string
): Promise<PaymentRow | null> {
  return db
    .prepare(`select * from sandbox_frames_payments where reference = ?1`)
    .bind(reference)
    .first<PaymentRow>()
}

/** Deletes a kept card (the provider's DELETE /instruments/{id}); false when there is none. */
export async function deleteSource(db: D1Database, id: string): Promise<boolean> {
  const result = await db.prepare('delete from sandbox_frames_sources where id = ?1').bind(id).run()
  return result.meta.changes > 0
}

export async function insertSource(db: D1Database, source: SourceRow): Promise<void> {
  await db
    .prepare(
      `insert into sandbox_frames_sources (id, brand, last4, expiry_month, expiry_year,
         result_code, challenge) values (?1, ?2, ?3, ?4, ?5, ?6, ?7)`
    )
    .bind(
      source.id,
      source.brand,
      source.last4,
      source.expiry_month,
      source.expiry_year,
      source.result_code,
      source.challenge
    )
    .run()
}

/** Inserts the payment; meta.changes is 0 when its reference is already taken. */
export function insertPayment(db: D1Database, payment: PaymentRow): Promise<D1Result> {
  return db
    .prepare(
      `insert into sandbox_frames_payments (id, reference, amount, currency, source_id, status,
         response_code, response_summary, success_url, failure_url, auto_capture)
       values (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)
       on conflict (reference) do nothing`
    )
    .bind(
      payment.id,
      payment.reference,
      payment.amount,
      payment.currency,
      payment.source_id,
      payment.status,
      payment.response_code,
      payment.response_summary,
      payment.success_url,
      payment.failure_url,
      payment.auto_capture
    )
    .run()
}

/**
 * Voids an authorisation (or card verification); meta.changes 0 when it is not voidable: not
 * authorised, settled, or partly refunded already.
 */
export function voidPayment(db: D1Database, id: string): Promise<D1Result> {
  return db
    .prepare(
      `update sandbox_frames_payments set status = 'Voided'
       where id = ?1 and status in ('Authorized', 'Card Verified') and settled = 0
         and not exists (select 1 from sandbox_refunds
           where provider = 'frames' and transaction_ref = ?1)`
    )
    .bind(id)
    .run()
}

/** Answers a pending 3-D Secure challenge once; null when it is not pending (answered already). */
export function answerChallenge(
  db: D1Database,
  id: string,
  answer: { status: 'Authorized' | 'Declined'; responseCode: string; responseSummary: string }
): Promise<PaymentRow | null> {
  return db
    .prepare(
      `update sandbox_frames_payments set status = ?2, response_code = ?3, response_summary = ?4
       where id = ?1 and status = 'Pending'
       returning *`
    )
    .bind(id, answer.status, answer.responseCode, answer.responseSummary)
    .first<PaymentRow>()
}

// --- Sandbox wallet tokens ---------------------------------------------------------------------

export async function insertWalletToken(
  db: D1Database,
  token: { id: string; wallet: string; outcome: string }
): Promise<void> {
  await db
    .prepare(`insert into sandbox_wallet_tokens (id, wallet, outcome) values (?1, ?2, ?3)`)
    .bind(token.id, token.wallet, token.outcome)
    .run()
}

/** Marks a wallet token used; false when it was unknown or already used. */
export async function spendWalletToken(
  db: D1Database,
  token: { id: string; wallet: string; outcome: string }
): Promise<boolean> {
  const spent = await db
    .prepare(
      `update sandbox_wallet_tokens set used_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
       where id = ?1 and wallet = ?2 and outcome = ?3 and used_at is null`
    )
    .bind(token.id, token.wallet, token.outcome)
    .run()
  return spent.meta.changes === 1
}
