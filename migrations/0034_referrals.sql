-- Migration number: 0034 	 2026-11-25T11:00:00.000Z
-- Referrals (ADR 021): the business's offer as data, the device a friend registered on, and every
-- decision the abuse guards took, so a refused referral keeps its reason.

-- One offer per business: both the referrer and the friend get reward_amount pence of store credit
-- when the friend's first order is delivered, up to monthly_cap rewards per referrer per calendar
-- month in the business's time zone. No row, or is_active = 0: no referrals are taken.
create table referral_schemes (
  business_id integer primary key references businesses(id) on delete cascade,
  reward_amount integer not null default 500 check (reward_amount > 0),
  monthly_cap integer not null default 10 check (monthly_cap > 0),
  is_active integer not null default 1 check (is_active in (0, 1))
);

-- The device id the storefront sent when the friend registered (a self-referral signal).
alter table referrals add column referee_device_id text;

-- What the guards decided, and why: 'accepted' at registration, 'refused' (with the signal or
-- rule), 'rewarded'. A decision about a referral id a checkout sent that was not the member's
-- own referrer has no referral row: it names the member (none for a guest). Never a name or an
-- email.
create table referral_decisions (
  id integer primary key,
  business_id integer not null references businesses(id) on delete cascade,
  referral_id integer references referrals(id) on delete cascade,
  referral_code text,
  customer_id integer references customers(id) on delete set null,
  decision text not null check (decision in ('accepted', 'refused', 'rewarded')),
  reason text not null,
  created_at text not null
);
create index referral_decisions_referral on referral_decisions(referral_id);
create index referrals_referrer_rewarded on referrals(referrer_customer_id, rewarded_at);
