-- Migration number: 0024 	 2026-11-27T09:00:00.000Z
-- Staff of the store console (ADR 009 addendum): accounts per business, their roles, their sessions,
-- their sign-in codes and their invitations. Separate from customers: a shopper and a member of
-- staff never share an account, a session or a token audience (worker/backend/staff/).
-- Times are ISO 8601 UTC strings from the app clock (worker/lib/clock.ts).

create table staff_accounts (
  id integer primary key,
  business_id integer not null references businesses(id) on delete cascade,
  -- Normalised as EmailSchema does (trimmed, lower case).
  email text not null,
  name text not null,
  -- pbkdf2-sha512$… (worker/backend/auth/passwords.ts); null until the invitation is accepted.
  password_hash text,
  status text not null check (status in ('active', 'invited', 'deactivated')),
  -- The business-wide role: an operator acts for every store of the business.
  is_operator integer not null default 0 check (is_operator in (0, 1)),
  last_sign_in_at text,
  created_at text not null,
  updated_at text not null,
  check (status != 'active' or password_hash is not null),
  unique (business_id, email)
);

-- Store-scoped roles: a person may manage one store and pick at another.
create table staff_store_roles (
  staff_id integer not null references staff_accounts(id) on delete cascade,
  store_id integer not null references stores(id) on delete cascade,
  role text not null check (role in ('store_manager', 'picker', 'driver')),
  created_at text not null,
  primary key (staff_id, store_id, role)
);
-- The board's "who works here" and a store's drivers.
create index staff_store_roles_store on staff_store_roles(store_id, role);

-- One row per sign-in; revoking it ends the access tokens that carry its id at their next call.
create table staff_sessions (
  id text primary key,
  business_id integer not null references businesses(id) on delete cascade,
  staff_id integer not null references staff_accounts(id) on delete cascade,
  created_at text not null,
  -- Absolute end, however often it is refreshed (ADR 009: 90 days for members too).
  expires_at text not null,
  revoked_at text,
  revoked_reason text check (revoked_reason is null
    or revoked_reason in ('logout', 'reuse_detected', 'deactivated', 'password_changed')),
  user_agent text
);
create index staff_sessions_staff on staff_sessions(staff_id, revoked_at);

-- Rotating refresh tokens of a session, stored as SHA-256 only; a used one presented again
-- revokes the session (ADR 009).
create table staff_refresh_tokens (
  id integer primary key,
  session_id text not null references staff_sessions(id) on delete cascade,
  token_hash text not null unique,
  expires_at text not null,
  used_at text,
  created_at text not null
);
create index staff_refresh_tokens_session on staff_refresh_tokens(session_id);

-- The second factor: after a right password a six-digit code is emailed; the challenge is
-- exchanged with it for a session. Single use, 10 minutes, 5 attempts, like members' codes.
create table staff_sign_in_codes (
  id integer primary key,
  business_id integer not null references businesses(id) on delete cascade,
  staff_id integer not null references staff_accounts(id) on delete cascade,
  -- Random id the browser holds between the two steps; the code is bound to it.
  challenge_id text not null unique,
  -- HMAC-SHA-256 (hex) of the code and the challenge (worker/backend/auth/otp.ts).
  code_hash text not null,
  attempts integer not null default 0 check (attempts >= 0),
  max_attempts integer not null default 5 check (max_attempts > 0),
  expires_at text not null,
  consumed_at text,
  created_at text not null
);
create index staff_sign_in_codes_staff on staff_sign_in_codes(staff_id, consumed_at);

-- An invitation by email: the link's token (SHA-256 only) sets the password once, before expiry.
create table staff_invitations (
  id integer primary key,
  business_id integer not null references businesses(id) on delete cascade,
  staff_id integer not null references staff_accounts(id) on delete cascade,
  token_hash text not null unique,
  role text not null check (role in ('operator', 'store_manager', 'picker', 'driver')),
  -- JSON array of store ids the role covers (empty for an operator), kept for the record.
  store_ids_json text not null default '[]' check (json_valid(store_ids_json)),
  invited_by integer references staff_accounts(id) on delete set null,
  expires_at text not null,
  accepted_at text,
  -- A newer invitation of the same account retires the older ones.
  retired_at text,
  created_at text not null
);
create index staff_invitations_staff on staff_invitations(staff_id, accepted_at);
