-- Issue 43, ADR 051: VAT by rate. An item stores its rate class, never a percentage; the
-- country's table (schemas/vat.ts) gives the rate. Standard is the default: in the UK a supply
-- is standard-rated unless a relief applies, so an item nobody classed never under-states VAT.
alter table menu_items add column vat_class text not null default 'standard'
  check (vat_class in ('zero', 'reduced', 'standard'));

-- An order line keeps the class and the rate (basis points: 2000 = 20 %) it was sold at, so a
-- later change of either rewrites no receipt. Lines placed before this migration have neither:
-- nobody recorded their rate, and guessing one would print a VAT figure nobody charged, so
-- their receipts show no breakdown.
alter table order_lines add column vat_class text
  check (vat_class is null or vat_class in ('zero', 'reduced', 'standard'));
alter table order_lines add column vat_rate integer
  check (vat_rate is null or vat_rate between 0 and 10000);
-- The rates in force when the order was placed, by class (JSON), so a substitute picked later is
-- taxed at the order's rate for its own class.
alter table orders add column vat_rates text
  check (vat_rates is null or json_valid(vat_rates));
-- A substitute is the supplied item: its class, taken when it was picked.
alter table order_line_picks add column substitute_vat_class text
  check (substitute_vat_class is null or substitute_vat_class in ('zero', 'reduced', 'standard'));
