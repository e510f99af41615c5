-- Migration number: 0030 	 2026-11-25T09:00:00.000Z
-- Member profile and privacy: the marketing consent history (UK GDPR art. 7(1), PECR reg. 22: we
-- must be able to show when and where each consent was given or withdrawn, so every change is a
-- row, beside the current flag in marketing_preferences) and email changes confirmed by a code
-- sent to the new address.

create table marketing_consents (
  id integer primary key,
  business_id integer not null references businesses(id) on delete cascade,
  customer_id integer not null references customers(id) on delete cascade,
  channel text not null check (channel in ('email', 'sms', 'push')),
  opted_in integer not null check (opted_in in (0, 1)),
  -- Where the shopper said so: the registration form or the profile page.
  source text not null check (source in ('registration', 'profile')),
  recorded_at text not null
);
create index marketing_consents_customer on marketing_consents(customer_id, id);

-- A pending change of a member's email: the code (HMAC, never the code) went to new_email; the
-- email changes only when it is checked. One live request per member: a new one replaces it.
create table email_change_codes (
  id integer primary key,
  business_id integer not null references businesses(id) on delete cascade,
  customer_id integer not null references customers(id) on delete cascade,
  new_email text not null,
  code_hash text not null,
  attempts integer not null default 0 check (attempts >= 0),
  max_attempts integer not null default 5 check (max_attempts > 0),
  expires_at text not null,
  consumed_at text,
  created_at text not null
);
create index email_change_codes_customer on email_change_codes(customer_id, id);
