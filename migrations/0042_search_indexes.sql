-- Migration number: 0042 	 2026-11-25T20:40:00.000Z
-- Indexes the store and catalogue searches read instead of their tables (ADR 031).

-- Store search: the box filter, is_active and the distance order are answered from the index
-- alone, so only the nearest few rows are read from the table (stores_business_lat_lng stays for
-- the queries that do not filter on is_active).
create index stores_search_box on stores(business_id, is_active, latitude, longitude);

-- The store search's opening hours for its nearest stores, in the order it reads them, without
-- reading the table.
create index store_opening_hours_week
  on store_opening_hours(store_id, day_of_week, opens_at, fulfilment_method, closes_at);

-- Catalogue search: the items whose whole name is the search term rank first; found by this index,
-- not by joining every full-text match to its item. The name leads: an index led by business_id
-- would tempt the planner to walk every item of a business for other statements.
create index menu_items_name on menu_items(lower(name), business_id);
