-- Migration number: 0045 	 2026-11-29T04:30:00.000Z
-- Picking re-prices the order with the basket's own pricing (ADR 017 "Picking differences"), with
-- the terms in force when the shopper ordered, not today's: the deals that applied to its items,
-- the coupon's terms, the store's fees, threshold and minimums and the tip, as the JSON of
-- worker/backend/store-orders/repricing.ts `OrderPricingTerms`, written with the draft (the batch
-- that fixes original_total). Null for orders placed before: they keep the per-line rule.
alter table orders add column pricing_terms_json text
  check (pricing_terms_json is null or json_valid(pricing_terms_json));

-- What picking took off the goods' price (≤ 0, before store credit and the card's cap): the
-- re-priced basket of the marked lines less the basket as ordered. total_adjustment is it capped
-- at what the card still pays; the part beyond is credit given back.
alter table orders add column picking_difference integer not null default 0
  check (picking_difference <= 0);

-- Counts the marks of the order's lines: each mark re-prices the whole order from the marks it
-- read, so its update holds only while no other mark landed in between.
alter table orders add column picks_version integer not null default 0;

-- Orders already being picked keep what their marks made of them.
update orders set picking_difference = min(0,
  (select coalesce(sum(k.charged_price - l.total_price), 0)
   from order_line_picks k join order_lines l on l.id = k.order_line_id
   where k.order_id = orders.id))
where exists (select 1 from order_line_picks k where k.order_id = orders.id);
