-- Migration number: 0015 	 2026-11-21T12:50:00.000Z
-- Checkout (issue 7): the terms box and billing choice on the basket, and on the order the
-- basket version it was priced from, its coupon discount and the idempotency key that made it.

alter table baskets add column terms_accepted_at text;
alter table baskets add column billing_same_as_delivery integer not null default 0
  check (billing_same_as_delivery in (0, 1));

-- A draft can be paid only while its basket is still at this version (else 'basket changed').
alter table orders add column basket_version integer;
-- The coupon's share of discount_total, redeemed when the order is confirmed.
alter table orders add column coupon_discount integer not null default 0
  check (coupon_discount >= 0);
-- The process-order Idempotency-Key: one key makes at most one order, even past idempotency_keys.
alter table orders add column idempotency_key text;
create unique index orders_idempotency_key on orders(business_id, idempotency_key)
  where idempotency_key is not null;
-- The newest draft of a basket is the only one that can be paid.
create index orders_basket_status on orders(basket_id, status, id);
