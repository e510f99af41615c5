-- A member's favourite items. One row per member and item: adding it again changes nothing, so a
-- double-posted heart is harmless. Items are the business's; a store shows those it sells. The
-- id orders them newest first (a clock can give two hearts the same instant).
create table favourites (
  id integer primary key,
  customer_id integer not null references customers(id) on delete cascade,
  business_id integer not null references businesses(id),
  menu_item_id integer not null references menu_items(id) on delete cascade,
  created_at text not null,
  unique (customer_id, menu_item_id)
);
