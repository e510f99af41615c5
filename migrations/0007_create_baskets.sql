-- Migration number: 0007 	 2026-11-21T08:00:05.000Z
-- Baskets (lines with option selections, meal deals) and time slots with held reservations.

create table baskets (
  id integer primary key,
  business_id integer not null references businesses(id) on delete cascade,
  store_id integer references stores(id) on delete set null,
  -- Null while the shopper is a guest; set when a member signs in.
  customer_id integer references customers(id) on delete set null,
  -- SHA-256 (hex) of the opaque basketToken held by the client.
  token_hash text not null unique,
  status text not null default 'active' check (status in ('active', 'checked_out', 'abandoned')),
  fulfilment_method text not null default 'delivery' check (fulfilment_method in ('delivery', 'collection')),
  fulfilment_timing text not null default 'asap' check (fulfilment_timing in ('asap', 'future')),
  coupon_id integer references coupons(id) on delete set null,
  coupon_code text,
  -- Spec §4: a coupon can need re-applying after the shopper signs in.
  coupon_needs_reapply integer not null default 0 check (coupon_needs_reapply in (0, 1)),
  tip integer not null default 0 check (tip >= 0),
  -- fulfilmentLocation: where the shopper searched from, and the delivery address once set.
  location_postcode text,
  location_latitude real,
  location_longitude real,
  delivery_address_json text check (delivery_address_json is null or json_valid(delivery_address_json)),
  billing_address_json text check (billing_address_json is null or json_valid(billing_address_json)),
  contact_first_name text,
  contact_last_name text,
  contact_email text,
  contact_phone text,
  instructions text,
  age_confirmed_at text,
  cash_confirmed integer not null default 0 check (cash_confirmed in (0, 1)),
  -- Incremented on every change, so checkout can tell the basket moved under it.
  version integer not null default 1 check (version >= 1),
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
create index baskets_customer on baskets(customer_id, status);
create index baskets_store on baskets(store_id);

create table basket_lines (
  id integer primary key,
  basket_id integer not null references baskets(id) on delete cascade,
  menu_item_id integer not null references menu_items(id) on delete cascade,
  quantity integer not null check (quantity > 0),
  -- Unit price (item + options) when added: a change shows 'promotions/prices may have changed'.
  unit_price integer not null check (unit_price >= 0),
  notes text,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
create index basket_lines_basket on basket_lines(basket_id);

create table basket_line_selections (
  id integer primary key,
  basket_line_id integer not null references basket_lines(id) on delete cascade,
  option_id integer not null references menu_item_options(id) on delete cascade,
  option_value_id integer not null references menu_item_option_values(id) on delete cascade,
  quantity integer not null default 1 check (quantity > 0),
  unique (basket_line_id, option_value_id)
);
create index basket_line_selections_line on basket_line_selections(basket_line_id);

create table basket_meal_deals (
  id integer primary key,
  basket_id integer not null references baskets(id) on delete cascade,
  deal_id integer not null references deals(id) on delete cascade,
  quantity integer not null default 1 check (quantity > 0),
  unit_price integer not null check (unit_price >= 0),
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
create index basket_meal_deals_basket on basket_meal_deals(basket_id);

-- One row per item chosen in a section of the meal deal.
create table basket_meal_deal_choices (
  id integer primary key,
  basket_meal_deal_id integer not null references basket_meal_deals(id) on delete cascade,
  deal_section_id integer not null references deal_sections(id) on delete cascade,
  menu_item_id integer not null references menu_items(id) on delete cascade,
  quantity integer not null default 1 check (quantity > 0)
);
create index basket_meal_deal_choices_deal on basket_meal_deal_choices(basket_meal_deal_id);

-- Future slots are cut from the store's opening hours (stores.slot_duration_minutes) and created
-- here on first use. Reserve with `update time_slots set reserved_count = reserved_count + 1
-- where id = ? and reserved_count < capacity` and check changes = 1: no double booking.
create table time_slots (
  id integer primary key,
  store_id integer not null references stores(id) on delete cascade,
  fulfilment_method text not null check (fulfilment_method in ('delivery', 'collection')),
  -- Local date and times in the store's time zone (timeSlotDate, timeSlotTime).
  slot_date text not null check (slot_date glob '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  starts_at text not null check (starts_at glob '[0-2][0-9]:[0-5][0-9]'),
  ends_at text not null check (ends_at glob '[0-2][0-9]:[0-5][0-9]'),
  -- UTC instants of the same, for comparisons with now.
  start_utc text not null,
  end_utc text not null,
  capacity integer not null check (capacity >= 0),
  reserved_count integer not null default 0 check (reserved_count >= 0 and reserved_count <= capacity),
  is_blocked integer not null default 0 check (is_blocked in (0, 1)),
  unique (store_id, fulfilment_method, slot_date, starts_at)
);
create index time_slots_store_date on time_slots(store_id, fulfilment_method, slot_date);

-- A 15-minute hold (spec §4) that becomes confirmed when the order is paid. Expired holds give
-- their place back (reserved_count - 1) when swept.
create table slot_reservations (
  id integer primary key,
  time_slot_id integer references time_slots(id) on delete cascade,
  store_id integer not null references stores(id) on delete cascade,
  basket_id integer not null references baskets(id) on delete cascade,
  order_id integer references orders(id) on delete set null,
  fulfilment_method text not null check (fulfilment_method in ('delivery', 'collection')),
  -- ASAP orders reserve no slot row (time_slot_id null).
  is_asap integer not null default 0 check (is_asap in (0, 1))
    check (is_asap = 1 or time_slot_id is not null),
  status text not null default 'held' check (status in ('held', 'confirmed', 'released', 'expired')),
  postcode text,
  latitude real,
  longitude real,
  expires_at text not null,
  confirmed_at text,
  released_at text,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
create index slot_reservations_basket on slot_reservations(basket_id, status);
create index slot_reservations_slot on slot_reservations(time_slot_id, status);
create index slot_reservations_expiry on slot_reservations(status, expires_at);
-- A basket holds at most one live reservation.
create unique index slot_reservations_one_held on slot_reservations(basket_id) where status = 'held';
