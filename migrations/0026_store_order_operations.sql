-- Migration number: 0026 	 2026-11-25T06:00:00.000Z
-- The store console works orders after payment (ADR 017): what the state machine
-- (schemas/order-states.ts) needs besides the status, the picking list's marks, the store's accept
-- window and a history of who did what. Times are ISO 8601 UTC strings from the app clock.

-- Facts inside a status: accepted (with the store's estimate), picking started (a line marked: too
-- late to cancel), announced ready for collection, the driver assigned; why it ended (rejected,
-- cancelled, not delivered); and when the managers were alerted that nobody accepted it.
alter table orders add column accepted_at text;
alter table orders add column estimated_ready_at text;
alter table orders add column picking_started_at text;
alter table orders add column ready_for_collection_at text;
alter table orders add column driver_id integer references staff_accounts(id) on delete set null;
alter table orders add column closing_reason text;
alter table orders add column accept_alerted_at text;
-- A random token written by the conditional update of each action: the other statements of the
-- action's batch run only where it is theirs, so a lost race writes nothing at all.
alter table orders add column action_token text;

-- The board: a store's orders by status, newest first.
create index orders_store_status_placed on orders(store_id, status, placed_at desc);
-- The cron: orders still Sent to Store, oldest first.
create index orders_status_placed on orders(status, placed_at);

-- Minutes a store has to accept an order before the managers are alerted; at twice it the order
-- is rejected automatically. Null: the default (schemas/constants.ts ORDER_ACCEPT_WINDOW_MINUTES).
alter table stores add column order_accept_window_minutes integer
  check (order_accept_window_minutes is null or order_accept_window_minutes between 1 and 240);

-- One row per marked line of the picking list (the order's top-level item lines). charged_price is
-- what the shopper pays for the line after the mark, never more than the line as ordered
-- (worker/backend/store-orders/pricing.ts); refunded_quantity counts refunds after delivery.
create table order_line_picks (
  order_line_id integer primary key references order_lines(id) on delete cascade,
  order_id integer not null references orders(id) on delete cascade,
  mark text not null check (mark in ('picked', 'short', 'out_of_stock', 'substituted')),
  picked_quantity integer not null check (picked_quantity >= 0),
  substitute_menu_item_id integer references menu_items(id) on delete set null,
  substitute_name text,
  substitute_quantity integer check (substitute_quantity is null or substitute_quantity > 0),
  substitute_unit_price integer check (substitute_unit_price is null or substitute_unit_price >= 0),
  charged_price integer not null check (charged_price >= 0),
  refunded_quantity integer not null default 0 check (refunded_quantity >= 0),
  marked_by integer references staff_accounts(id) on delete set null,
  marked_at text not null,
  check ((mark = 'substituted') = (substitute_menu_item_id is not null or substitute_name is not null))
);
create index order_line_picks_order on order_line_picks(order_id);

-- Who moved an order, when and why: one row per action of the console or the cron, written in the
-- same batch as the change. actor_staff_id is null for the system (the cron).
create table order_history (
  id integer primary key,
  order_id integer not null references orders(id) on delete cascade,
  actor_staff_id integer references staff_accounts(id) on delete set null,
  role text not null check (role in ('operator', 'store_manager', 'picker', 'driver', 'system')),
  action text not null,
  from_status text not null,
  to_status text not null,
  reason text,
  -- What the action recorded besides (a line mark, a refund amount), as JSON.
  detail_json text check (detail_json is null or json_valid(detail_json)),
  at text not null
);
create index order_history_order on order_history(order_id, id);
