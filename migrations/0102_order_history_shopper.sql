-- Issue 42 (ADR 048): changes the shopper makes themselves (an amend, a substitute sent back at
-- review) are in the order's history too, by a new role, 'shopper'. SQLite cannot change a check
-- constraint in place, so the table is rebuilt with the same columns, rows and indexes.
create table order_history_next (
  id integer primary key,
  order_id integer not null references orders(id) on delete cascade,
  actor_staff_id integer references staff_accounts(id) on delete set null,
  role text not null
    check (role in ('operator', 'store_manager', 'picker', 'driver', 'system', 'shopper')),
  action text not null,
  from_status text not null,
  to_status text not null,
  reason text,
  -- What the action recorded besides (a line mark, a refund amount), as JSON.
  detail_json text check (detail_json is null or json_valid(detail_json)),
  at text not null
);
insert into order_history_next (id, order_id, actor_staff_id, role, action, from_status,
  to_status, reason, detail_json, at)
select id, order_id, actor_staff_id, role, action, from_status, to_status, reason, detail_json, at
from order_history;
drop table order_history;
alter table order_history_next rename to order_history;
create index order_history_order on order_history(order_id, id);
create index order_history_at on order_history(at);
create index order_history_action_at on order_history(action, at);
