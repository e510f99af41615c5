-- A brand's slug is the platform's (ADR 063): claimed here before the shard's brand row is written,
-- as a host is, so two brands created at once on two shards cannot both take one slug. A claim
-- names the brand that holds it; a rename claims the new slug and gives the old one back. Slugs of
-- brands written before this table are indexed by the daily run, which also gives back a claim
-- whose brand write was lost.
create table brand_slugs (
  slug text primary key,
  business_id integer not null references businesses (id),
  brand_id integer not null
) without rowid;
create index brand_slugs_business on brand_slugs (business_id);
