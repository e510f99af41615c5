/*
 * What runs an effect (ADR 037). Each domain that writes effects exports its handlers, keyed by
 * kind; the composition root (worker/effects-queue.ts) joins them, so this module imports no
 * domain. A handler must be safe to run twice for one effect (its key is the idempotency key it
 * passes on: the messenger's, the gateway's reference), must throw when the effect did not
 * happen (the queue retries it), and reads what it needs from the database, not from the payload,
 * so a retry hours later acts on the order as it is.
 */

/** One effect as its handler sees it. */
export interface EffectRun {
  businessId: number
  /** The effect's unique key: the idempotency key for whatever the handler calls. */
  key: string
  payload: unknown
  now: Date
}

export type EffectHandler<E> = (env: E, effect: EffectRun) => Promise<void>

export type EffectHandlers<E> = Readonly<Record<string, EffectHandler<E>>>
