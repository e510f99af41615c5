-- Migration number: 0017 	 2026-11-21T13:30:00.000Z
-- One order, one charge. An order has at most one live (pending) card attempt: a new attempt
-- cancels the previous one in the same batch, and this index refuses a second pending row outright.
-- An authorisation we must not keep (a late answer for a cancelled attempt, or for an order that
-- is already paid or was replaced by a newer draft) is voided at the gateway and recorded here.

-- Older duplicates (none are expected) would block the index: the newest pending attempt stays live.
update payments set status = 'cancelled', updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
where status = 'pending'
  and id not in (select max(id) from payments where status = 'pending' group by order_id);
create unique index payments_one_live_attempt on payments(order_id) where status = 'pending';

-- Why the authorisation is not kept; set in the same statement that records it.
alter table payments add column void_reason text check (void_reason in (
  'attempt_superseded', 'order_superseded', 'order_paid'
));
-- Set once the gateway confirmed the void (status becomes 'cancelled'). A void_reason without
-- voided_at is a void still owed: the payment stays 'authorised' and is retried.
alter table payments add column voided_at text;
alter table payments add column void_result_code text;
alter table payments add column void_result_message text;
create index payments_void_owed on payments(id) where void_reason is not null and voided_at is null;

-- The local sandbox card page answers the Realex remote API void: it keeps each answered
-- request's RESULT and PASREF, and 'voided' joins its statuses (SQLite cannot alter a CHECK, so
-- the table is rebuilt; nothing references it).
create table sandbox_hpp_requests_new (
  order_id text primary key,
  merchant_id text not null,
  account text not null,
  amount text not null,
  currency text not null,
  response_url text not null,
  cancel_url text,
  card_storage integer not null default 0 check (card_storage in (0, 1)),
  payer_ref text,
  pmt_ref text,
  select_stored_card text,
  -- open → challenge (3-D Secure) → answered → voided (an authorisation the shop voided).
  status text not null default 'open' check (status in ('open', 'challenge', 'answered', 'voided')),
  challenge_brand text,
  challenge_last4 text,
  challenge_expiry text,
  -- The answer: its RESULT and PASREF (a void names the transaction by ORDER_ID and PASREF).
  result_code text,
  pasref text,
  voided_at text,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
insert into sandbox_hpp_requests_new (order_id, merchant_id, account, amount, currency,
  response_url, cancel_url, card_storage, payer_ref, pmt_ref, select_stored_card, status,
  challenge_brand, challenge_last4, challenge_expiry, created_at)
select order_id, merchant_id, account, amount, currency, response_url, cancel_url, card_storage,
  payer_ref, pmt_ref, select_stored_card, status, challenge_brand, challenge_last4,
  challenge_expiry, created_at
from sandbox_hpp_requests;
drop table sandbox_hpp_requests;
alter table sandbox_hpp_requests_new rename to sandbox_hpp_requests;
