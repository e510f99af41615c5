-- Migration number: 0003 	 2026-11-21T08:00:01.000Z
-- Stores, their opening hours per fulfilment method, closures and delivery zones.

create table stores (
  id integer primary key,
  business_id integer not null references businesses(id) on delete cascade,
  -- The seoUrl of spec §3; unique per business.
  slug text not null,
  name text not null,
  description text,
  phone text,
  email text,
  address_line1 text not null,
  address_line2 text,
  town text not null,
  county text,
  postcode text not null,
  country_code text not null default 'GB',
  latitude real not null check (latitude between -90 and 90),
  longitude real not null check (longitude between -180 and 180),
  time_zone text not null default 'Europe/London',
  is_active integer not null default 1 check (is_active in (0, 1)),
  -- Staff can close a store for the day; availability is then 'closed' whatever the hours say.
  is_temporarily_closed integer not null default 0 check (is_temporarily_closed in (0, 1)),
  delivery_enabled integer not null default 1 check (delivery_enabled in (0, 1)),
  collection_enabled integer not null default 1 check (collection_enabled in (0, 1)),
  -- Used when the store has no delivery_zones rows.
  delivery_radius_km real check (delivery_radius_km is null or delivery_radius_km > 0),
  delivery_fee integer not null default 0 check (delivery_fee >= 0),
  collection_fee integer not null default 0 check (collection_fee >= 0),
  service_fee integer not null default 0 check (service_fee >= 0),
  -- Basket subtotal at or above which delivery is free; null = never free.
  free_delivery_threshold integer check (free_delivery_threshold is null or free_delivery_threshold > 0),
  -- Delivery minimum spend in pence, 0 = no minimum ('No min order').
  minimum_spend integer not null default 0 check (minimum_spend >= 0),
  collection_minimum_spend integer not null default 0 check (collection_minimum_spend >= 0),
  -- 'Order up to N days in advance'; 0 = today only.
  days_in_advance integer not null default 0 check (days_in_advance between 0 and 30),
  accepts_card integer not null default 1 check (accepts_card in (0, 1)),
  accepts_apple_pay integer not null default 1 check (accepts_apple_pay in (0, 1)),
  accepts_google_pay integer not null default 1 check (accepts_google_pay in (0, 1)),
  accepts_cash integer not null default 0 check (accepts_cash in (0, 1)),
  asap_enabled integer not null default 1 check (asap_enabled in (0, 1)),
  -- Minutes from order to ASAP delivery / collection.
  delivery_lead_minutes integer not null default 45 check (delivery_lead_minutes >= 0),
  collection_lead_minutes integer not null default 20 check (collection_lead_minutes >= 0),
  -- Future slots are cut from the opening hours in steps of this length, each with this capacity.
  slot_duration_minutes integer not null default 60 check (slot_duration_minutes between 15 and 240),
  slot_capacity integer not null default 10 check (slot_capacity >= 0),
  -- 'Basket limit has been reached' / 'Item limit has been reached': null = no limit.
  max_basket_items integer check (max_basket_items is null or max_basket_items > 0),
  image_url text,
  seo_title text,
  seo_description text,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  unique (business_id, slug)
);
-- Store search: bounding box around the shopper, then exact distance on the few rows left.
create index stores_business_lat_lng on stores(business_id, latitude, longitude);
create index stores_business_postcode on stores(business_id, postcode);

-- Local times in the store's time zone. A day with no row is closed for that method; a row
-- whose closes_at is earlier than opens_at runs past midnight.
create table store_opening_hours (
  id integer primary key,
  store_id integer not null references stores(id) on delete cascade,
  fulfilment_method text not null check (fulfilment_method in ('delivery', 'collection', 'store')),
  -- 0 = Monday … 6 = Sunday.
  day_of_week integer not null check (day_of_week between 0 and 6),
  opens_at text not null check (opens_at glob '[0-2][0-9]:[0-5][0-9]'),
  closes_at text not null check (closes_at glob '[0-2][0-9]:[0-5][0-9]'),
  unique (store_id, fulfilment_method, day_of_week, opens_at)
);

-- Whole-day closures (bank holidays, refits) in the store's local calendar.
create table store_closures (
  id integer primary key,
  store_id integer not null references stores(id) on delete cascade,
  closed_on text not null check (closed_on glob '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  reason text,
  unique (store_id, closed_on)
);

-- A store delivers to an address inside any active zone: a radius around the store, or a
-- postcode outcode. Zone fees and minimums override the store's when set.
create table delivery_zones (
  id integer primary key,
  store_id integer not null references stores(id) on delete cascade,
  kind text not null check (kind in ('radius', 'outcode')),
  radius_km real check (radius_km is null or radius_km > 0),
  outcode text,
  delivery_fee integer check (delivery_fee is null or delivery_fee >= 0),
  minimum_spend integer check (minimum_spend is null or minimum_spend >= 0),
  is_active integer not null default 1 check (is_active in (0, 1))
    check ((kind = 'radius' and radius_km is not null and outcode is null)
    or (kind = 'outcode' and outcode is not null and radius_km is null))
);
create index delivery_zones_store on delivery_zones(store_id);
create index delivery_zones_outcode on delivery_zones(outcode) where outcode is not null;
