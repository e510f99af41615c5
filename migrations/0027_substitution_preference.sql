-- Migration number: 0027 	 2026-11-25T08:00:00.000Z
-- The shopper's substitution preference ("Allow substitutes", on by default, like the big grocers):
-- one flag per basket line and meal deal, copied onto the order's lines at checkout so the store
-- console shows "No substitutes" and refuses a substitution on such a line. Existing rows keep 1:
-- nobody was asked before, and the stores substituted freely.

alter table basket_lines add column allow_substitutes integer not null default 1
  check (allow_substitutes in (0, 1));
alter table basket_meal_deals add column allow_substitutes integer not null default 1
  check (allow_substitutes in (0, 1));
-- On an order: the item or meal deal line as the shopper left it (a meal deal's choices carry the
-- meal deal's flag too, though only top-level lines are picked).
alter table order_lines add column allow_substitutes integer not null default 1
  check (allow_substitutes in (0, 1));
