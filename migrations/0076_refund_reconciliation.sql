-- Migration number: 0076 	 2026-11-29T08:40:00.000Z
-- Refunds the gateway did not confirm are reconciled (issue 37): a cron pass asks the gateway
-- what became of a refund left `pending` (no answer recorded) or `unknown` (no answer we could
-- trust) and settles the row to its answer. Each row keeps its own backoff: how many times it was
-- looked at, when it may be looked at again, and the gateway's last answer (for operators).
alter table payment_refunds add column reconcile_attempts integer not null default 0
  check (reconcile_attempts >= 0);
alter table payment_refunds add column reconcile_after text;
alter table payment_refunds add column reconciled_at text;
create index payment_refunds_unsettled on payment_refunds(created_at)
  where status in ('pending', 'unknown');
