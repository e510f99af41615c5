-- Items sold by weight (issue 41, ADR 039). 'each' is today's item. 'by_weight' is priced per kg
-- and bought in steps of unit_grams (250 g); 'by_piece_estimated' is priced per kg and bought by
-- the piece at an estimated unit_grams each. For both, price is the estimate of one unit, rounded
-- half up to the penny: (price_per_kg × unit_grams + 500) / 1000 in integer arithmetic, the rule
-- of schemas/weighing.ts, held here so a row can never show one estimate and charge another.
alter table menu_items add column sold_by text not null default 'each'
  check (sold_by in ('each', 'by_weight', 'by_piece_estimated'));
alter table menu_items add column price_per_kg integer
  check (price_per_kg is null or price_per_kg > 0);
alter table menu_items add column unit_grams integer
  check (unit_grams is null or unit_grams > 0)
  check ((sold_by = 'each') = (price_per_kg is null) and (sold_by = 'each') = (unit_grams is null))
  check (sold_by = 'each' or price = (price_per_kg * unit_grams + 500) / 1000);

-- An order line keeps how it was sold, so picking, emails and the member's order can show the
-- estimate beside the final price whatever happens to the item later.
alter table order_lines add column sold_by text not null default 'each'
  check (sold_by in ('each', 'by_weight', 'by_piece_estimated'));
alter table order_lines add column price_per_kg integer
  check (price_per_kg is null or price_per_kg > 0);
alter table order_lines add column unit_grams integer
  check (unit_grams is null or unit_grams > 0)
  check ((sold_by = 'each') = (price_per_kg is null) and (sold_by = 'each') = (unit_grams is null));
