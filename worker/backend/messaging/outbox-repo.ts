import type { OutgoingMessage } from './message.ts'

/** Writes one message to the outbox (the development mailbox reads it from there). */
export async function insertOutboxMessage(db: D1Database, message: OutgoingMessage): Promise<void> {
  await db
    .prepare(
      `insert into outbox (business_id, channel, recipient, template, payload_json, idempotency_key)
       values (?1, ?2, ?3, ?4, ?5, ?6)
       on conflict (idempotency_key) where idempotency_key is not null do nothing`
    )
    .bind(
      message.businessId,
      message.channel,
      message.to,
      message.template,
      JSON.stringify(message.data),
      message.idempotencyKey ?? null
    )
    .run()
}
