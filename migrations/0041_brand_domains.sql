-- Migration number: 0041 	 2026-11-25T17:30:00.000Z
-- Brands run from the operator console (ADR 028): a brand's font from the safe list of system
-- stacks (schemas/brand-fonts.ts), and the domains operators attach while their hostname and
-- certificate are provisioned. A domain serves shoppers only once active: then (and only then) it
-- gets its brand_hosts row, which is what /brands/resolve reads.
alter table brands add column font text not null default 'system'
  check (font in ('system', 'humanist', 'geometric', 'classical', 'rounded'));

create table brand_domains (
  id integer primary key,
  business_id integer not null references businesses(id) on delete cascade,
  brand_id integer not null references brands(id) on delete cascade,
  -- Lower case, no port (worker/lib/host.ts); unique across all businesses, like brand_hosts.
  host text not null unique,
  environment text not null default 'production'
    check (environment in ('production', 'preprod', 'dev', 'staging', 'local')),
  -- The provisioner's own id for the hostname (Cloudflare's custom hostname id, or 'local:<host>').
  provider_id text not null,
  status text not null check (status in ('pending', 'active', 'failed')),
  ssl_status text,
  -- The DNS (or HTTP) records the provider asks for, as JSON: [{ type, name, value }].
  records_json text not null default '[]' check (json_valid(records_json)),
  message text,
  checked_at text not null,
  created_at text not null
);
create index brand_domains_brand on brand_domains(brand_id);
create index brand_domains_pending on brand_domains(status) where status = 'pending';
