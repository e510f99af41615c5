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
