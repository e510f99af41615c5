-- Migration number: 0002 	 2026-11-21T08:00:00.000Z
-- Geography for the local geocoding default: UK outcode centroids, central Manchester full postcodes
-- and demo addresses for autocomplete. A real provider adapter replaces reads, not this schema.

create table geo_outcodes (
  outcode text primary key,
  latitude real not null check (latitude between -90 and 90),
  longitude real not null check (longitude between -180 and 180),
  -- Royal Mail post town; shared districts list both towns joined by ' / '.
  town text not null
);

create table geo_postcodes (
  -- Upper case with a single space before the inward code ('M1 1AA').
  postcode text primary key,
  outcode text not null references geo_outcodes(outcode),
  latitude real not null check (latitude between -90 and 90),
  longitude real not null check (longitude between -180 and 180)
);
create index geo_postcodes_outcode on geo_postcodes(outcode);
-- Reverse geocoding (coordinates → nearest postcode) scans a small box around the point.
create index geo_postcodes_lat_lng on geo_postcodes(latitude, longitude);

-- Demo addresses answering autocomplete (suggestions: description + placeId) and place details.
create table geo_addresses (
  place_id text primary key,
  description text not null,
  -- Lower-cased description without punctuation: prefix searches use the index below.
  search_key text not null,
  address_line1 text not null,
  address_line2 text,
  town text not null,
  county text,
  postcode text not null,
  country_code text not null default 'GB',
  latitude real not null check (latitude between -90 and 90),
  longitude real not null check (longitude between -180 and 180)
);
create index geo_addresses_search on geo_addresses(search_key);
create index geo_addresses_postcode on geo_addresses(postcode);
