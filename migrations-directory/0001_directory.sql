-- The directory (ADR 047): which shard holds each business, and what a request knows before its
-- business (a host). Shards are D1 databases named by their binding in wrangler.toml.
create table shards (
  name text primary key check (name glob '[A-Z]*'),
  -- Where new businesses go (the bootstrap): exactly one shard takes them.
  takes_new integer not null default 0 check (takes_new in (0, 1))
);
create unique index shards_one_takes_new on shards (takes_new) where takes_new = 1;

-- Every business on exactly one shard. A business not listed lives on DB, where every business
-- lived before the directory.
create table businesses (
  id integer primary key,
  shard text not null references shards (name)
);

-- hosts -> brand -> business, for the calls that arrive with only a host (/brands/resolve).
create table hosts (
  host text primary key,
  brand_id integer not null,
  business_id integer not null references businesses (id)
);
create index hosts_business on hosts (business_id);

insert into shards (name, takes_new) values ('DB', 1);
