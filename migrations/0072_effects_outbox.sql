-- Migration number: 0072 	 2026-11-29T08:00:00.000Z
-- The transactional outbox (ADR 037): every effect of a state change (an email, a marketing event,
-- a board notification, a gateway refund) is a row written in the same D1 batch as the change, so
-- a committed change never loses its effects. A relay hands rows to the EFFECTS queue; its consumer
-- runs each once and marks it delivered; the cron hands on the rows the relay missed.

create table effects (
  id integer primary key,
  business_id integer not null references businesses(id) on delete cascade,
  -- What the effect is for, unique: a second write of the same effect (a retried request, two
  -- racing confirms) adds nothing, and a redelivered message finds it delivered.
  effect_key text not null unique,
  kind text not null,
  payload_json text not null check (json_valid(payload_json)),
  status text not null default 'pending' check (status in ('pending', 'delivered', 'dead')),
  attempts integer not null default 0 check (attempts >= 0),
  last_error text,
  -- Set while one consumer runs the effect, so a second delivery of the message waits for it.
  lease_until text,
  -- When the row was last handed to the queue; null: never (the cron hands it on).
  dispatched_at text,
  created_at text not null,
  delivered_at text,
  check (status != 'delivered' or delivered_at is not null)
);
create index effects_waiting on effects(status, dispatched_at);
create index effects_business_dead on effects(business_id, status, created_at);

-- The messenger's own idempotency: a redelivered effect's email is written (or sent) once.
alter table outbox add column idempotency_key text;
create unique index outbox_idempotency on outbox(idempotency_key) where idempotency_key is not null;
