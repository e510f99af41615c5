-- Migration number: 0008 	 2026-11-21T08:00:06.000Z
-- Orders (from draft to the statuses of spec §4), their lines and history, reviews, payments,
-- saved cards (tokens only, never card numbers or CVV), idempotency keys and coupon redemptions.

create table orders (
  id integer primary key,
  business_id integer not null references businesses(id) on delete cascade,
  brand_id integer references brands(id) on delete set null,
  store_id integer not null references stores(id),
  customer_id integer references customers(id) on delete set null,
  basket_id integer references baskets(id) on delete set null,
  -- The order number shown to shoppers and staff, unique per business.
  business_order_id text not null,
  -- draft → payment_pending → sent_to_store (20) → store_accepted_picking (40) → picked (60)
  -- → en_route (80) → delivered (100), or a terminal state.
  status text not null default 'draft' check (status in (
    'draft', 'payment_pending', 'payment_failed',
    'sent_to_store', 'store_accepted_picking', 'picked', 'en_route', 'delivered',
    'store_rejected', 'refunded', 'declined', 'cancelled', 'unable_to_deliver'
  )),
  status_code integer check (status_code is (case status
    when 'sent_to_store' then 20 when 'store_accepted_picking' then 40 when 'picked' then 60
    when 'en_route' then 80 when 'delivered' then 100 else null end)),
  fulfilment_method text not null check (fulfilment_method in ('delivery', 'collection')),
  fulfilment_timing text not null check (fulfilment_timing in ('asap', 'future')),
  -- The slot in the store's local time, and the same start as a UTC instant.
  slot_date text,
  slot_starts_at text,
  slot_ends_at text,
  slot_start_utc text,
  channel text not null default 'web' check (channel in ('web', 'ios', 'android')),
  platform text,
  payment_method text check (payment_method is null
    or payment_method in ('paymentCard', 'applePay', 'googlePay', 'paymentCash')),
  payment_gateway text check (payment_gateway is null or payment_gateway in ('realex', 'frames', 'cash')),
  first_name text not null,
  last_name text not null,
  email text not null,
  phone text,
  delivery_address_json text check (delivery_address_json is null or json_valid(delivery_address_json)),
  billing_address_json text check (billing_address_json is null or json_valid(billing_address_json)),
  delivery_latitude real,
  delivery_longitude real,
  instructions text,
  messaging_device_id text,
  referral_customer_id integer references customers(id) on delete set null,
  referral_partner_id text,
  coupon_id integer references coupons(id) on delete set null,
  coupon_code text,
  cash_confirmed integer not null default 0 check (cash_confirmed in (0, 1)),
  age_verified integer not null default 0 check (age_verified in (0, 1)),
  -- Money, all in pence.
  subtotal integer not null check (subtotal >= 0),
  discount_total integer not null default 0 check (discount_total >= 0),
  delivery_cost integer not null default 0 check (delivery_cost >= 0),
  service_fee integer not null default 0 check (service_fee >= 0),
  delivery_tip integer not null default 0 check (delivery_tip >= 0),
  credit_applied integer not null default 0 check (credit_applied >= 0),
  tip_refund integer not null default 0 check (tip_refund >= 0 and tip_refund <= delivery_tip),
  refund integer not null default 0 check (refund >= 0),
  -- original_total = subtotal - discount_total + delivery_cost + service_fee + delivery_tip
  --   - credit_applied, fixed when the order is placed.
  original_total integer not null check (original_total >= 0),
  -- Signed change made by the store (substitutions, weighed items).
  total_adjustment integer not null default 0,
  -- What the shopper pays in the end: original_total + total_adjustment - refund - tip_refund.
  total integer not null check (total >= 0),
  currency text not null default 'GBP',
  loyalty_points_earned integer not null default 0 check (loyalty_points_earned >= 0),
  -- Driver tracking (spec §4: offered while status_code is 20–80).
  driver_latitude real,
  driver_longitude real,
  driver_updated_at text,
  placed_at text,
  completed_at text,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  unique (business_id, business_order_id)
);
create index orders_customer_placed on orders(customer_id, placed_at desc);
create index orders_store_placed on orders(store_id, placed_at desc);
create index orders_status on orders(business_id, status);
create index orders_basket on orders(basket_id);

create table order_lines (
  id integer primary key,
  order_id integer not null references orders(id) on delete cascade,
  -- Items and deals may change later: the line keeps its own name and prices.
  menu_item_id integer references menu_items(id) on delete set null,
  deal_id integer references deals(id) on delete set null,
  -- Items chosen inside a meal deal point at the meal deal's line.
  parent_line_id integer references order_lines(id) on delete cascade,
  kind text not null default 'item' check (kind in ('item', 'meal_deal', 'meal_deal_choice')),
  name text not null,
  quantity integer not null check (quantity > 0),
  unit_price integer not null check (unit_price >= 0),
  total_price integer not null check (total_price >= 0),
  age_restriction integer,
  position integer not null default 0
);
create index order_lines_order on order_lines(order_id, position);

create table order_line_selections (
  id integer primary key,
  order_line_id integer not null references order_lines(id) on delete cascade,
  option_value_id integer references menu_item_option_values(id) on delete set null,
  option_name text not null,
  value_name text not null,
  quantity integer not null default 1 check (quantity > 0),
  extra_cost integer not null default 0 check (extra_cost >= 0)
);
create index order_line_selections_line on order_line_selections(order_line_id);

create table order_status_history (
  id integer primary key,
  order_id integer not null references orders(id) on delete cascade,
  status text not null,
  status_code integer,
  note text,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
create index order_status_history_order on order_status_history(order_id, created_at);

create table reviews (
  id integer primary key,
  order_id integer not null unique references orders(id) on delete cascade,
  customer_id integer references customers(id) on delete set null,
  star_rating integer not null check (star_rating between 1 and 5),
  comment text,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- Saved cards hold the gateway's token and display fields only.
create table saved_cards (
  id integer primary key,
  customer_id integer not null references customers(id) on delete cascade,
  gateway text not null check (gateway in ('realex', 'frames')),
  -- Realex: 'payer_ref:pmt_ref'; frames providers: their card token.
  token text not null,
  brand text not null check (brand in ('visa', 'mastercard', 'discover', 'jcb')),
  last4 text not null check (length(last4) = 4 and last4 glob '[0-9][0-9][0-9][0-9]'),
  expiry_month integer not null check (expiry_month between 1 and 12),
  expiry_year integer not null check (expiry_year between 2000 and 2100),
  cardholder_name text,
  is_default integer not null default 0 check (is_default in (0, 1)),
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  unique (customer_id, gateway, token)
);
create index saved_cards_customer on saved_cards(customer_id);

create table payments (
  id integer primary key,
  business_id integer not null references businesses(id) on delete cascade,
  order_id integer not null references orders(id) on delete cascade,
  gateway text not null check (gateway in ('realex', 'frames', 'cash')),
  method text not null check (method in ('paymentCard', 'applePay', 'googlePay', 'paymentCash')),
  status text not null default 'pending' check (status in (
    'pending', 'authorised', 'captured', 'declined', 'failed', 'cancelled', 'refunded', 'partially_refunded'
  )),
  amount integer not null check (amount >= 0),
  amount_refunded integer not null default 0 check (amount_refunded >= 0 and amount_refunded <= amount),
  currency text not null default 'GBP',
  -- The gateway's order reference (Realex ORDER_ID): one per attempt, never reused.
  gateway_order_id text unique,
  -- Gateway references from the answer (Realex PASREF, AUTHCODE), and its RESULT/MESSAGE.
  external_ref text,
  auth_code text,
  result_code text,
  result_message text,
  saved_card_id integer references saved_cards(id) on delete set null,
  save_card integer not null default 0 check (save_card in (0, 1)),
  idempotency_key text not null unique,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
create index payments_order on payments(order_id);

-- Stored answers of idempotent calls (checkout, payments), replayed for the same key and body.
create table idempotency_keys (
  business_id integer not null references businesses(id) on delete cascade,
  -- The operation, e.g. 'checkout.process-order'.
  scope text not null,
  idempotency_key text not null,
  -- SHA-256 (hex) of the canonical request: the same key with another body is refused.
  request_hash text not null,
  -- 'in_progress' until the answer is stored; a concurrent retry then gets 409.
  state text not null default 'in_progress' check (state in ('in_progress', 'completed')),
  response_status integer,
  response_body text,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  expires_at text not null,
  primary key (business_id, scope, idempotency_key)
);
create index idempotency_keys_expiry on idempotency_keys(expires_at);

create table coupon_redemptions (
  id integer primary key,
  coupon_id integer not null references coupons(id) on delete cascade,
  order_id integer not null references orders(id) on delete cascade,
  customer_id integer references customers(id) on delete set null,
  -- Lower-cased email, so per-customer limits also hold for guest orders.
  email text not null,
  amount integer not null check (amount >= 0),
  status text not null default 'reserved' check (status in ('reserved', 'redeemed', 'released')),
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  unique (coupon_id, order_id)
);
create index coupon_redemptions_email on coupon_redemptions(coupon_id, email);
create index coupon_redemptions_customer on coupon_redemptions(coupon_id, customer_id);
