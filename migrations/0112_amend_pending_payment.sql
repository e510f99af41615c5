-- Migration number: 0112 	 2026-11-30T05:30:00.000Z
-- Issue 42, ADR 059: an amend that raises a card order's total above what its payments cover is
-- held as a pending change until the shopper authorises the difference. The order keeps its
-- lines, total and slot meanwhile; the priced change (change_json: the amended lines, totals and
-- slot move) is applied by one guarded batch on the order's amend version when the authorisation
-- arrives, or never. The top-up attempt names its pending change (payments.amend_pending_id), so
-- its answer applies that change and no other, and it never places an order.
create table amend_pending (
  id integer primary key,
  business_id integer not null references businesses(id),
  order_id integer not null references orders(id) on delete cascade,
  -- The order's amend version and total the change was priced from: applied only at both.
  from_version integer not null check (from_version >= 0),
  from_total integer not null check (from_total >= 0),
  new_total integer not null check (new_total >= 0),
  -- What the top-up authorises: the new total (with the weighed margin) less what is covered.
  amount integer not null check (amount > 0),
  change_json text not null,
  status text not null default 'pending' check (status in ('pending', 'applied', 'abandoned')),
  created_at text not null,
  settled_at text
);
create index amend_pending_order on amend_pending(order_id, status);

alter table payments add column amend_pending_id integer references amend_pending(id);
create unique index payments_amend_pending on payments(amend_pending_id)
  where amend_pending_id is not null;
