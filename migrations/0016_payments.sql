-- Migration number: 0016 	 2026-11-21T13:00:00.000Z
-- Payment attempts keep where the browser goes afterwards and the card-storage references they
-- asked the gateway for; the local sandbox hosted card page keeps the requests it was given and the
-- cards it stored (display fields and the RESULT its test card gives, never a card number).

alter table payments add column customer_id integer references customers(id) on delete set null;
alter table payments add column success_url text;
alter table payments add column failure_url text;
alter table payments add column cancel_url text;
-- MERCHANT_RESPONSE_URL of the attempt (the brand host's hosted-page answer address).
alter table payments add column response_url text;
-- Realex card storage: the PAYER_REF/PMT_REF we asked the page to store the new card under.
alter table payments add column payer_ref text;
alter table payments add column pmt_ref text;
-- Set when the answer was processed: a replay of the same answer changes nothing.
alter table payments add column completed_at text;
-- Shopper-facing note kept with the answer, so a replay answers the same ('Card already exists!').
alter table payments add column shopper_message text;

-- Local sandbox card page (PAYMENTS_MODE=sandbox without a merchant): one row per ORDER_ID, so a
-- duplicate ORDER_ID answers 501 like the real page.
create table sandbox_hpp_requests (
  order_id text primary key,
  merchant_id text not null,
  account text not null,
  amount text not null,
  currency text not null,
  response_url text not null,
  -- Where the sandbox page's Cancel link goes (sandbox only: the real page has no cancel address).
  cancel_url text,
  card_storage integer not null default 0 check (card_storage in (0, 1)),
  payer_ref text,
  pmt_ref text,
  -- HPP_SELECT_STORED_CARD: the payer whose stored card PMT_REF is charged.
  select_stored_card text,
  -- open → challenge (3-D Secure) → answered.
  status text not null default 'open' check (status in ('open', 'challenge', 'answered')),
  -- The test card under challenge: display fields only.
  challenge_brand text,
  challenge_last4 text,
  challenge_expiry text,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

create table sandbox_stored_cards (
  id integer primary key,
  merchant_id text not null,
  payer_ref text not null,
  pmt_ref text not null,
  brand text not null,
  last4 text not null check (length(last4) = 4),
  -- MMYY, as SAVED_PMT_EXPDATE.
  expiry text not null,
  cardholder_name text,
  -- The RESULT the test card produces when charged again.
  result_code text not null,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  unique (merchant_id, payer_ref, pmt_ref)
);
