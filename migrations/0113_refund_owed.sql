-- Migration number: 0113 	 2026-11-30T08:40:00.000Z
-- Issue 42, ADR 059 "Refunds still on their way": an amend that lowers a settled order's total
-- records the refund it owes in its own guarded batch, as a payment_refunds row `owed` (the
-- reference its outbox effect will ask under, the amount it moved). Every cover computation counts
-- it as money going back from that moment; the effect claims that row (owed → pending) and asks the
-- gateway for exactly its amount, once. SQLite cannot change a check constraint in place, so the
-- table is rebuilt with the same columns, rows and indexes.
create table payment_refunds_next (
  id integer primary key,
  business_id integer not null references businesses(id) on delete cascade,
  payment_id integer not null references payments(id) on delete cascade,
  kind text not null check (kind in ('refund', 'void')),
  reference text not null,
  amount integer not null check (amount > 0),
  reason text not null,
  -- owed: promised back by the batch that changed the order, the gateway not asked yet (only a
  -- refund); then as before: pending, done, refused, unknown.
  status text not null default 'pending' check (status in ('owed', 'pending', 'done', 'refused',
    'unknown') and (status <> 'owed' or kind = 'refund')),
  result_code text,
  result_message text,
  action_ref text,
  created_at text not null,
  updated_at text not null,
  reconcile_attempts integer not null default 0 check (reconcile_attempts >= 0),
  reconcile_after text,
  reconciled_at text,
  unique (business_id, reference)
);
insert into payment_refunds_next (id, business_id, payment_id, kind, reference, amount, reason,
  status, result_code, result_message, action_ref, created_at, updated_at, reconcile_attempts,
  reconcile_after, reconciled_at)
select id, business_id, payment_id, kind, reference, amount, reason, status, result_code,
  result_message, action_ref, created_at, updated_at, reconcile_attempts, reconcile_after,
  reconciled_at
from payment_refunds;
drop table payment_refunds;
alter table payment_refunds_next rename to payment_refunds;
create index payment_refunds_payment on payment_refunds(payment_id);
create index payment_refunds_unsettled on payment_refunds(created_at)
  where status in ('pending', 'unknown');

-- ADR 059: a pending change that another took the place of (a newer top-up's change, or an amend
-- applied meanwhile) is `superseded` by the batch that did so, not left `pending`; `abandoned`
-- stays for a change its own answer could no longer apply. Rebuilt for the check as above; the
-- payments that name a change keep their ids (foreign keys checked at the end).
pragma defer_foreign_keys = on;
create table amend_pending_next (
  id integer primary key,
  business_id integer not null references businesses(id),
  order_id integer not null references orders(id) on delete cascade,
  from_version integer not null check (from_version >= 0),
  from_total integer not null check (from_total >= 0),
  new_total integer not null check (new_total >= 0),
  amount integer not null check (amount > 0),
  change_json text not null,
  status text not null default 'pending'
    check (status in ('pending', 'applied', 'abandoned', 'superseded')),
  created_at text not null,
  settled_at text
);
insert into amend_pending_next (id, business_id, order_id, from_version, from_total, new_total,
  amount, change_json, status, created_at, settled_at)
select id, business_id, order_id, from_version, from_total, new_total, amount, change_json,
  status, created_at, settled_at
from amend_pending;
drop table amend_pending;
alter table amend_pending_next rename to amend_pending;
create index amend_pending_order on amend_pending(order_id, status);
