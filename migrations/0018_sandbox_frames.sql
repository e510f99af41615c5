-- Migration number: 0018 	 2026-11-21T14:00:00.000Z
-- The local sandbox card frames and wallet sheets (PAYMENTS_MODE=sandbox without FRAMES_PUBLIC_KEY
-- or wallet merchant ids): what they tokenised and charged. Display fields and the outcome a test
-- card gives only, never a card number or a security code.

-- A frame's single-use token: a card (number, expiry, CVV frame) or a saved card's CVV.
create table sandbox_frames_tokens (
  token text primary key,
  kind text not null check (kind in ('card', 'cvv', 'wallet')),
  brand text,
  last4 text check (last4 is null or length(last4) = 4),
  expiry_month integer,
  expiry_year integer,
  -- The RESULT the test card gives (00, 101, …) and whether a 3-D Secure challenge comes first.
  result_code text,
  challenge integer not null default 0 check (challenge in (0, 1)),
  used_at text,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- A card the sandbox keeps after a payment (the provider's reusable source id, src_sbx_…).
create table sandbox_frames_sources (
  id text primary key,
  brand text not null,
  last4 text not null check (length(last4) = 4),
  expiry_month integer not null,
  expiry_year integer not null,
  result_code text not null,
  challenge integer not null default 0 check (challenge in (0, 1)),
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- A payment the sandbox payments API took: one per reference (our gateway order id).
create table sandbox_frames_payments (
  id text primary key,
  reference text not null unique,
  amount integer not null check (amount >= 0),
  currency text not null,
  source_id text,
  status text not null check (status in ('Pending', 'Authorized', 'Card Verified', 'Declined',
    'Voided')),
  response_code text,
  response_summary text,
  success_url text,
  failure_url text,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- A sandbox wallet sheet's token: signed, single use, carrying the outcome the shopper picked.
create table sandbox_wallet_tokens (
  id text primary key,
  wallet text not null check (wallet in ('applePay', 'googlePay')),
  outcome text not null check (outcome in ('approve', 'decline')),
  used_at text,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
