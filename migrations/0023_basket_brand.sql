-- Migration number: 0023 	 2026-11-25T12:00:00.000Z
-- The brand boundary (issue 14 §8, docs/decisions/012-brand-boundary.md): a basket belongs to the
-- brand whose host created it, and an order to its basket's brand. Another brand's host of the same
-- business answers as if the basket or order did not exist.
alter table baskets add column brand_id integer references brands(id) on delete set null;

-- Orders never recorded their brand before this: the brand whose own prefix the order number
-- carries, else the business's only brand.
update orders set brand_id = (
  select b.id from brands b
  where b.business_id = orders.business_id and b.order_number_prefix is not null
    and orders.business_order_id like b.order_number_prefix || '-%'
  order by length(b.order_number_prefix) desc limit 1
) where brand_id is null;
update orders set brand_id = (select min(b.id) from brands b where b.business_id = orders.business_id)
where brand_id is null
  and (select count(*) from brands b where b.business_id = orders.business_id) = 1;

-- A basket: the brand of its newest order, else the business's only brand. The rest (a business
-- with several brands, a basket never ordered) stay unbound until a brand's host first uses them,
-- which binds them to it (worker/backend/basket/access.ts), so no shopper loses a basket here.
update baskets set brand_id = (
  select o.brand_id from orders o
  where o.basket_id = baskets.id and o.brand_id is not null
  order by o.id desc limit 1
) where brand_id is null;
update baskets set brand_id = (select min(b.id) from brands b where b.business_id = baskets.business_id)
where brand_id is null
  and (select count(*) from brands b where b.business_id = baskets.business_id) = 1;
