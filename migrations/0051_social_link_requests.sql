-- Migration number: 0051 	 2026-11-29T04:30:00.000Z
-- Account pre-hijacking through social sign-in (issue 36.1). Registration without verification
-- used to set email_verified_at at once, so a password account anyone made for someone else's
-- address counted as proven, and a Google or Apple sign-in for that address linked into it. Only
-- a code we sent (or the provider, for an account it created) proves an address now.

-- Addresses taken as given: registered without verification, "verified" at the very instant of
-- creation, no provider linked. A code-verified address has a later instant (the code's check or
-- the email change); an account a provider created carries its identity.
update customers set email_verified_at = null
where registration_type = 'registered'
  and email_verified_at = created_at
  and password_hash is not null
  and not exists (select 1 from customer_identities i where i.customer_id = customers.id);

-- A social sign-in that met an existing account it may not link by itself: the link waits here
-- until the shopper signs in to that account (password or a one-time code), then is made once.
create table social_link_requests (
  id integer primary key,
  business_id integer not null references businesses(id) on delete cascade,
  customer_id integer not null references customers(id) on delete cascade,
  provider text not null check (provider in ('facebook', 'google', 'apple')),
  subject text not null,
  -- SHA-256 (hex) of the token kept in the browser's httpOnly cookie; never the token itself.
  token_hash text not null unique,
  expires_at text not null,
  consumed_at text,
  created_at text not null
);
create index social_link_requests_expiry on social_link_requests(expires_at);
