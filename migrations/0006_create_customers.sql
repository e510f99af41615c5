-- Migration number: 0006 	 2026-11-21T08:00:04.000Z
-- Customers and everything a member owns: addresses, devices, auth tokens and codes, marketing
-- preferences, loyalty, credit and referrals. Secrets (passwords, tokens, codes) are stored hashed.

create table customers (
  id integer primary key,
  business_id integer not null references businesses(id) on delete cascade,
  -- Lower-cased and trimmed before storing and lookup.
  email text not null,
  -- 'scheme$iterations$salt$hash'; null for social-only accounts.
  password_hash text,
  first_name text not null,
  last_name text not null,
  -- E.164 after the phone helper normalises it (+447700900123).
  phone text,
  where_heard text,
  registration_type text not null default 'registered'
    check (registration_type in ('registered', 'registered_with_verification')),
  email_verified_at text,
  retail_member_id text,
  -- Bumped to revoke every access token issued before it (logout from all devices).
  tokens_valid_after text,
  -- 'forgotten' after a confirmed forget-me request: personal fields are blanked.
  status text not null default 'active' check (status in ('active', 'disabled', 'forgotten')),
  last_login_at text,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  unique (business_id, email)
);

-- Facebook, Google or Apple sign-in linked to a customer.
create table customer_identities (
  id integer primary key,
  customer_id integer not null references customers(id) on delete cascade,
  provider text not null check (provider in ('facebook', 'google', 'apple')),
  subject text not null,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  unique (provider, subject)
);
create index customer_identities_customer on customer_identities(customer_id);

create table customer_addresses (
  id integer primary key,
  customer_id integer not null references customers(id) on delete cascade,
  type text not null check (type in ('delivery', 'billing')),
  -- The shopper's label for it ('Home', 'Work').
  name text,
  first_name text,
  last_name text,
  address_line1 text not null,
  address_line2 text,
  town text not null,
  county text,
  postcode text not null,
  country_code text not null default 'GB' references countries(code),
  latitude real,
  longitude real,
  phone text,
  is_default integer not null default 0 check (is_default in (0, 1)),
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
create index customer_addresses_customer on customer_addresses(customer_id, type);
-- At most one default address per customer and type.
create unique index customer_addresses_one_default on customer_addresses(customer_id, type)
  where is_default = 1;

create table devices (
  id integer primary key,
  business_id integer not null references businesses(id) on delete cascade,
  customer_id integer references customers(id) on delete set null,
  messaging_device_id text not null,
  platform text check (platform is null or platform in ('web', 'ios', 'android')),
  system_version text,
  device_model text,
  device_name text,
  app_version text,
  promo_consent_level text,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  unique (business_id, messaging_device_id)
);
create index devices_customer on devices(customer_id);

-- Rotating refresh tokens. Each use marks the row used and issues a child in the same family;
-- presenting a used token again revokes the whole family (ASVS 10.4.5).
create table auth_refresh_tokens (
  id integer primary key,
  business_id integer not null references businesses(id) on delete cascade,
  -- Guest sessions have no customer.
  customer_id integer references customers(id) on delete cascade,
  kind text not null check (kind in ('guest', 'member'))
    check (kind = 'guest' or customer_id is not null),
  -- SHA-256 (hex) of the opaque token; the token itself is never stored.
  token_hash text not null unique,
  family_id text not null,
  parent_id integer references auth_refresh_tokens(id) on delete set null,
  device_id integer references devices(id) on delete set null,
  issued_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  expires_at text not null,
  -- Absolute end of the family, carried from the first token (ASVS 10.4.8).
  family_expires_at text not null,
  used_at text,
  revoked_at text,
  revoked_reason text check (revoked_reason is null
    or revoked_reason in ('logout', 'reuse_detected', 'password_changed', 'logout_all', 'forgotten')),
  user_agent text
);
create index auth_refresh_tokens_family on auth_refresh_tokens(family_id);
create index auth_refresh_tokens_customer on auth_refresh_tokens(customer_id);

-- One-time passwords for login (spec §7, email or sms). Single use, short-lived, 5 attempts.
create table otp_codes (
  id integer primary key,
  business_id integer not null references businesses(id) on delete cascade,
  customer_id integer references customers(id) on delete cascade,
  channel text not null check (channel in ('email', 'sms')),
  -- Email or E.164 phone the code was sent to.
  destination text not null,
  -- HMAC-SHA-256 (hex) of the code with the session secret.
  code_hash text not null,
  -- Binds the code to the request that asked for it.
  request_id text not null unique,
  attempts integer not null default 0 check (attempts >= 0),
  max_attempts integer not null default 5 check (max_attempts > 0),
  expires_at text not null,
  consumed_at text,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
create index otp_codes_destination on otp_codes(business_id, destination, created_at);

create table password_reset_codes (
  id integer primary key,
  customer_id integer not null references customers(id) on delete cascade,
  -- SHA-256 (hex) of the reset token sent by email (resetToken).
  token_hash text not null unique,
  expires_at text not null,
  used_at text,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
create index password_reset_codes_customer on password_reset_codes(customer_id);

-- Email verification (registered_with_verification), forget-me confirmation and guest checks.
create table verification_codes (
  id integer primary key,
  business_id integer not null references businesses(id) on delete cascade,
  customer_id integer references customers(id) on delete cascade,
  purpose text not null check (purpose in ('email_verification', 'forget_me', 'guest_email')),
  destination text not null,
  code_hash text not null,
  attempts integer not null default 0 check (attempts >= 0),
  max_attempts integer not null default 5 check (max_attempts > 0),
  expires_at text not null,
  consumed_at text,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
create index verification_codes_lookup on verification_codes(business_id, destination, purpose);
create index verification_codes_customer on verification_codes(customer_id, purpose);

-- Marketing channels a business offers (marketingChannelId) and each member's choice.
create table marketing_channels (
  id integer primary key,
  business_id integer not null references businesses(id) on delete cascade,
  channel text not null check (channel in ('email', 'sms', 'push', 'post')),
  name text not null,
  description text,
  position integer not null default 0,
  unique (business_id, channel)
);

create table marketing_preferences (
  customer_id integer not null references customers(id) on delete cascade,
  marketing_channel_id integer not null references marketing_channels(id) on delete cascade,
  opted_in integer not null check (opted_in in (0, 1)),
  updated_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  primary key (customer_id, marketing_channel_id)
) without rowid;

-- Loyalty: points per pound spent; a reward of reward_value pence every reward_threshold points.
create table loyalty_schemes (
  business_id integer primary key references businesses(id) on delete cascade,
  name text not null,
  points_per_pound integer not null default 1 check (points_per_pound >= 0),
  reward_threshold integer not null check (reward_threshold > 0),
  reward_value integer not null check (reward_value > 0),
  is_active integer not null default 1 check (is_active in (0, 1))
);

create table loyalty_accounts (
  id integer primary key,
  customer_id integer not null unique references customers(id) on delete cascade,
  points_balance integer not null default 0 check (points_balance >= 0),
  lifetime_points integer not null default 0 check (lifetime_points >= 0),
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

create table loyalty_transactions (
  id integer primary key,
  loyalty_account_id integer not null references loyalty_accounts(id) on delete cascade,
  -- Signed: earn > 0, redeem/expire < 0.
  points integer not null check (points <> 0),
  kind text not null check (kind in ('earn', 'redeem', 'expire', 'adjust')),
  order_id integer references orders(id) on delete set null,
  description text,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
create index loyalty_transactions_account on loyalty_transactions(loyalty_account_id, created_at);

-- Store credit in pence, as a ledger: the balance is the sum of amount.
create table customer_credit_ledger (
  id integer primary key,
  customer_id integer not null references customers(id) on delete cascade,
  amount integer not null check (amount <> 0),
  kind text not null check (kind in ('referral_reward', 'refund', 'order_payment', 'adjustment')),
  order_id integer references orders(id) on delete set null,
  referral_id integer references referrals(id) on delete set null,
  description text,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
create index customer_credit_ledger_customer on customer_credit_ledger(customer_id, created_at);

create table referral_codes (
  id integer primary key,
  business_id integer not null references businesses(id) on delete cascade,
  customer_id integer not null unique references customers(id) on delete cascade,
  -- Upper case, shared with friends.
  code text not null,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  unique (business_id, code)
);

-- A friend who signed up with a code. Both get reward_amount (£5, spec §1) as credit once the
-- friend's first order is delivered.
create table referrals (
  id integer primary key,
  business_id integer not null references businesses(id) on delete cascade,
  referral_code_id integer not null references referral_codes(id) on delete cascade,
  referrer_customer_id integer not null references customers(id) on delete cascade,
  referee_customer_id integer not null unique references customers(id) on delete cascade
    check (referrer_customer_id <> referee_customer_id),
  status text not null default 'pending' check (status in ('pending', 'rewarded', 'cancelled')),
  reward_amount integer not null default 500 check (reward_amount > 0),
  qualifying_order_id integer references orders(id) on delete set null,
  rewarded_at text,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
create index referrals_referrer on referrals(referrer_customer_id);
