-- Migration number: 0011 	 2026-11-21T09:00:00.000Z
-- The store directory (route store-all) pages through a business's stores by town and name.
create index stores_business_town_name on stores(business_id, town, name);
