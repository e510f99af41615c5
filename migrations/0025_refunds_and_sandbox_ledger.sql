-- Migration number: 0025 	 2026-11-25T05:00:00.000Z
-- The local sandbox gateways give money back as the real ones do: Realex remote `rebate` and the
-- frames provider's refunds, beside the voids of 0017/0018. Each sandbox transaction now knows
-- whether its batch has settled (a void is refused after settlement, as the real gateways refuse
-- it), and every refund is a ledger row, so a test can prove per transaction:
-- captured − refunded − voided = what the shopper finally paid.

alter table sandbox_hpp_requests add column settled integer not null default 0
  check (settled in (0, 1));
alter table sandbox_frames_payments add column settled integer not null default 0
  check (settled in (0, 1));

-- One row per refund the sandbox accepted. `reference` is the caller's refund reference (frames:
-- the request's reference; a retry with it answers the first refund instead of paying again);
-- Realex's rebate has no such field, so its rows have none (the shop's own refund record is what
-- makes a Realex refund idempotent).
create table sandbox_refunds (
  id integer primary key,
  provider text not null check (provider in ('realex', 'frames')),
  -- Realex ORDER_ID, or the frames payment id (pay_sbx_…).
  transaction_ref text not null,
  amount integer not null check (amount > 0),
  currency text not null,
  reference text,
  action_id text not null unique,
  created_at text not null,
  unique (provider, reference)
);
create index sandbox_refunds_transaction on sandbox_refunds(provider, transaction_ref);

-- Money given back on a payment (the payments domain's refundPayment and voidPayment): one row per
-- refund or void, claimed before the gateway is called. `reference` is the caller's refund
-- reference and unique per business, so a retried refund finds its row and never refunds twice.
-- pending: claimed, no answer yet; done: the gateway (or, for cash, the record) gave it back;
-- refused: the gateway said no; unknown: no answer we can trust — never resent (Realex has no
-- idempotency key), reconciled by hand or by a later status read.
create table payment_refunds (
  id integer primary key,
  business_id integer not null references businesses(id) on delete cascade,
  payment_id integer not null references payments(id) on delete cascade,
  kind text not null check (kind in ('refund', 'void')),
  reference text not null,
  amount integer not null check (amount > 0),
  reason text not null,
  status text not null default 'pending' check (status in ('pending', 'done', 'refused',
    'unknown')),
  result_code text,
  result_message text,
  -- The gateway's own reference of the refund (the frames action id), when it gives one.
  action_ref text,
  created_at text not null,
  updated_at text not null,
  unique (business_id, reference)
);
create index payment_refunds_payment on payment_refunds(payment_id);
