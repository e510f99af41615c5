-- Migration number: 0013 	 2026-11-21T11:00:00.000Z
-- Nonces for social sign-in (spec §7 Auth "Nonce"): the app asks for one, passes it to the
-- provider, and the provider's ID token must carry it back. Single use, short-lived, stored hashed.

create table auth_nonces (
  id integer primary key,
  business_id integer not null references businesses(id) on delete cascade,
  -- SHA-256 (hex) of the nonce; the nonce itself is never stored.
  nonce_hash text not null unique,
  expires_at text not null,
  consumed_at text,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
create index auth_nonces_expiry on auth_nonces(expires_at);
