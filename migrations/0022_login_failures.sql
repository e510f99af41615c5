-- Migration number: 0022 	 2026-11-26T09:00:00.000Z
-- Failed password checks per account (issue 14: password guessing). One row per failure, so the
-- escalating wait and the cap of 100 an hour count a rolling hour exactly. Rows are kept for the
-- hour only: the cron deletes older ones (worker/scheduled.ts).

create table login_failures (
  id integer primary key,
  business_id integer not null references businesses(id) on delete cascade,
  -- HMAC-SHA-256 (hex) of the normalised email with a key derived from AUTH_PEPPER: the same for
  -- an account that exists and one that does not, and never the address itself.
  identifier_hash text not null,
  -- ISO 8601 UTC from the app clock (worker/lib/clock.ts).
  failed_at text not null
);
create index login_failures_account on login_failures(business_id, identifier_hash, failed_at);
create index login_failures_age on login_failures(failed_at);
