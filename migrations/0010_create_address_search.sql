-- Migration number: 0010 	 2026-11-21T09:00:00.000Z
-- Address autocomplete (spec §3 Autocomplete suggestion) as FTS5 prefix queries instead of
-- LIKE scans, and addresses near a point (device location) by a (latitude, longitude) range.

-- street: address lines; town; postcode as written ('M1 1AA' → tokens m1, 1aa); postcode_key
-- without the space ('m11aa') so a typed 'M1 1A' or 'M11A' is one prefix.
create virtual table geo_addresses_fts using fts5(
  place_id unindexed,
  street,
  town,
  postcode,
  postcode_key,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '1 2 3'
);

create trigger geo_addresses_fts_insert after insert on geo_addresses begin
  insert into geo_addresses_fts (place_id, street, town, postcode, postcode_key)
  values (
    new.place_id,
    new.address_line1 || coalesce(' ' || new.address_line2, ''),
    new.town,
    new.postcode,
    lower(replace(new.postcode, ' ', ''))
  );
end;

create trigger geo_addresses_fts_delete after delete on geo_addresses begin
  delete from geo_addresses_fts where place_id = old.place_id;
end;

create trigger geo_addresses_fts_update after update on geo_addresses begin
  delete from geo_addresses_fts where place_id = old.place_id;
  insert into geo_addresses_fts (place_id, street, town, postcode, postcode_key)
  values (
    new.place_id,
    new.address_line1 || coalesce(' ' || new.address_line2, ''),
    new.town,
    new.postcode,
    lower(replace(new.postcode, ' ', ''))
  );
end;

-- Databases seeded before this migration.
insert into geo_addresses_fts (place_id, street, town, postcode, postcode_key)
select
  place_id,
  address_line1 || coalesce(' ' || address_line2, ''),
  town,
  postcode,
  lower(replace(postcode, ' ', ''))
from geo_addresses;

create index geo_addresses_lat_lng on geo_addresses(latitude, longitude);
