-- Migration number: 0089 	 2026-11-29T14:45:00.000Z
-- Substitution choices per line (issue 42): "Best match" (the store chooses), "Choose a
-- replacement" (the shopper picked one similar item) or "No substitute". Stored as the existing
-- allow_substitutes flag (0: no substitute) plus the chosen replacement, so every row written
-- before keeps its meaning: allow 1 is best match, 0 no substitute. A replacement implies allow 1
-- (the basket's statements write both together).
alter table basket_lines add column substitute_item_id integer
  references menu_items(id) on delete set null;
alter table order_lines add column substitute_item_id integer
  references menu_items(id) on delete set null;

-- The member's last choice per item, applied when the item is next added to their basket.
create table member_substitution_choices (
  customer_id integer not null references customers(id) on delete cascade,
  menu_item_id integer not null references menu_items(id) on delete cascade,
  allow_substitutes integer not null check (allow_substitutes in (0, 1)),
  substitute_item_id integer references menu_items(id) on delete set null,
  updated_at text not null,
  primary key (customer_id, menu_item_id)
);

-- The member's default for an item they never chose for: 1 best match, 0 no substitute.
alter table customers add column default_allow_substitutes integer not null default 1
  check (default_allow_substitutes in (0, 1));
