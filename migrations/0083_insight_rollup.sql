-- Migration number: 0083 	 2026-11-29T18:10:00.000Z
-- The insight's daily rollup (issue 44, ADR 040): a year of a busy store read order by order takes
-- seconds, so the cron writes each closed local day's sums once per scope (the business, each
-- brand, each store; scope_id 0 is the business) and the dashboard reads these rows with today's
-- live ones. The rows are exactly what the live queries answer for that day (InsightSums and the
-- staff rows per member as JSON); time_zone is the zone the day was cut in, so a zone changed
-- later makes the row stale (read live, written again). computed_at orders concurrent runs: an
-- older computation never overwrites a newer one.
create table insight_rollup_days (
  business_id integer not null references businesses(id),
  scope text not null check (scope in ('business', 'brand', 'store')),
  scope_id integer not null,
  day text not null,
  time_zone text not null,
  sums_json text not null,
  staff_json text not null,
  computed_at text not null,
  primary key (business_id, scope, scope_id, day)
) without rowid;

-- When the rollup last looked for late changes (refunds, late picks, deliveries, status changes)
-- to days it had already written: the next run recomputes the days of orders touched since.
create table insight_rollup_runs (
  id integer primary key check (id = 1),
  changes_seen_to text not null
);

-- The orders touched since the last run, by their history rows and their updated_at.
create index order_history_at on order_history(at);
create index orders_updated on orders(updated_at);
