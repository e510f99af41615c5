import { OUTBOX_LIST_LIMIT, type OutboxMessage } from '../../../schemas/development.ts'

interface OutboxRow {
  id: number
  channel: 'email' | 'sms'
  recipient: string
  template: string
  payload_json: string
  created_at: string
}

function payloadOf(json: string): OutboxMessage['payload'] {
  const parsed: unknown = JSON.parse(json)
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return {}
  const payload: OutboxMessage['payload'] = {}
  for (const [key, value] of Object.entries(parsed)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) {
      payload[key] = value as string | number | boolean | null
    } else {
      payload[key] = JSON.stringify(value)
    }
  }
  return payload
}

/** The business's newest outbox messages first (ties: the later insert first). */
export async function listOutbox(
  db: D1Database,
  businessId: number
): Promise<Array<OutboxMessage>> {
  const { results } = await db
    .prepare(
      `select id, channel, recipient, template, payload_json, created_at from outbox
       where business_id = ?1 order by created_at desc, id desc limit ?2`
    )
    .bind(businessId, OUTBOX_LIST_LIMIT)
    .all<OutboxRow>()
  return results.map((row) => ({
    id: row.id,
    channel: row.channel,
    recipient: row.recipient,
    template: row.template,
    payload: payloadOf(row.payload_json),
    createdAt: row.created_at,
  }))
}

/**
 * Sets a store's temporary closure; false when the business has no store with that slug. Opening
 * also ends a manager's pause, so a journey that paused the store leaves it open for the next.
 */
export async function setTemporaryClosure(
  db: D1Database,
  businessId: number,
  storeSlug: string,
  closed: boolean
): Promise<boolean> {
  const result = await db
    .prepare(
      `update stores set is_temporarily_closed = ?3,
         paused_until = case when ?3 = 1 then paused_until end,
         pause_reason = case when ?3 = 1 then pause_reason end
       where business_id = ?1 and slug = ?2`
    )
    .bind(businessId, storeSlug, closed ? 1 : 0)
    .run()
  return result.meta.changes > 0
}
