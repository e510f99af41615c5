-- Weighing at picking (issue 41, ADR 039). The picker enters the grams of a weighed line; its
-- charged_price is then weighedPrice(price per kg, grams), never more than the line's authorised
-- amount: its estimate plus the order's weighed margin.
alter table order_line_picks add column picked_grams integer
  check (picked_grams is null or picked_grams > 0);

-- The margin over the estimate of its weighed lines the order's payment holds, in percent. 0: the
-- order was charged at its estimate, so a weighed line can cost less after picking, never more.
alter table orders add column weighed_margin_percent integer not null default 0
  check (weighed_margin_percent between 0 and 100);

-- What weighed lines heavier than their estimate add to the order after picking, within the hold
-- above; picking_difference stays what is missing (≤ 0). total_adjustment is their sum, capped.
alter table orders add column weighed_extra integer not null default 0
  check (weighed_extra >= 0);
