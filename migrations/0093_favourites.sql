-- A member's favourite items. One row per member and item: adding it again changes nothing, so a
-- double-posted heart is harmless. Items are the business's; a store shows those it sells.
create table favourites (
  customer_id integer not null references customers(id) on delete cascade,
  business_id integer not null references businesses(id),
  menu_item_id integer not null references menu_items(id) on delete cascade,
  created_at text not null,
  primary key (customer_id, menu_item_id)
) without rowid;
