-- Migration number: 0038 	 2026-11-25T13:40:00.000Z
-- The local marketing service (ADR 025): every call the storefront would make to the marketing
-- provider (Iterable's API shape), recorded instead of sent, for the development log page
-- /dev/marketing. `kind` is the Iterable endpoint; `user_key` is the opted-in member's userId or
-- the anonymous marketing id (never an email of someone who did not opt in); `payload_json` is
-- the exact body Iterable would receive (prices in pounds).
create table marketing_events (
  id integer primary key,
  business_id integer not null references businesses(id) on delete cascade,
  brand_id integer references brands(id) on delete set null,
  kind text not null check (kind in ('user_update', 'event', 'purchase', 'cart_update')),
  event_name text,
  user_key text not null,
  payload_json text not null,
  created_at text not null
);
create index marketing_events_business on marketing_events(business_id, created_at);
