-- Migration number: 0019 	 2026-11-24T22:00:00.000Z
-- What the order confirmation shows (issue 13): how an order was paid and the brand's order number.

-- The card that paid, as the gateway reported it: display fields only (brand and last four, never
-- the number). Null where the gateway did not say (a hosted-page card that was not stored), and for
-- every payment made before this migration.
alter table payments add column card_brand text
  check (card_brand is null or card_brand in ('visa', 'mastercard', 'discover', 'jcb'));
alter table payments add column card_last4 text
  check (card_last4 is null or (length(card_last4) = 4 and card_last4 not glob '*[^0-9]*'));

-- A brand's order-number prefix (white label): 2 to 6 capital letters or digits, e.g. 'CF' in
-- 'CF-7K2M9QXA'. Null takes the initials of the brand's name. Existing orders keep their numbers;
-- numbers stay unique per business (orders: unique (business_id, business_order_id)).
alter table brands add column order_number_prefix text
  check (order_number_prefix is null or (length(order_number_prefix) between 2 and 6
    and order_number_prefix not glob '*[^A-Z0-9]*'));
