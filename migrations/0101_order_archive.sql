-- Migration number: 0101 	 2026-11-29T22:30:00.000Z
-- Old orders archived to R2 (issue 40, ADR 050). A business keeps its finished orders online for
-- order_archive_months (placed that long ago or longer, counted in calendar months on the app's
-- clock); the retention cron then writes each to the ORDER_ARCHIVE bucket as one JSON file and
-- deletes its rows. What stays is this index row: enough for the member's order history to list
-- it (number, status, when, where, items, total) and the file's key to read or restore it.
alter table businesses add column order_archive_months integer not null default 24
  check (order_archive_months between 6 and 120);

create table archived_orders (
  id integer primary key,
  business_id integer not null references businesses(id) on delete cascade,
  brand_id integer references brands(id) on delete set null,
  customer_id integer references customers(id) on delete set null,
  -- The order's own id, kept so a restore puts it back under the same one. Not unique: a shard
  -- may give a deleted newest row's id to the next order (rowids without autoincrement), and a
  -- restore whose ids are taken again is refused (ADR 050).
  order_id integer not null,
  business_order_id text not null,
  status text not null,
  status_code integer,
  fulfilment_method text not null check (fulfilment_method in ('delivery', 'collection')),
  placed_at text not null,
  store_id integer not null references stores(id),
  items_count integer not null check (items_count >= 0),
  total integer not null check (total >= 0),
  currency text not null,
  r2_key text not null,
  archived_at text not null,
  -- A restore in flight claims the row with its token (ADR 050): of concurrent restores only the
  -- claimant's batch writes the order back.
  restore_token text,
  unique (business_id, business_order_id)
);

create index archived_orders_customer on archived_orders (business_id, customer_id, placed_at);

-- A restored order stays online for another order_archive_months from its restore before the
-- cron may archive it again.
alter table orders add column restored_at text;
