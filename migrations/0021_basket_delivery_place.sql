-- Migration number: 0021 	 2026-11-24T21:40:00.000Z
-- Where the checkout's delivery address is (issue 13 §3): its coordinates, looked up when the
-- address is set, decide whether the store delivers there and which zone's fee and minimum the
-- basket pays, apart from the location the shopper searched from (location_*).
alter table baskets add column delivery_latitude real check (delivery_latitude between -90 and 90);
alter table baskets add column delivery_longitude real check (delivery_longitude between -180 and 180);
