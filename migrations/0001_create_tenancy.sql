-- Migration number: 0001 	 2026-11-21T07:10:00.000Z
-- Tenancy: businesses, their brands (each on its own hosts) and the brands' white-label settings.

create table businesses (
  id integer primary key,
  name text not null,
  legal_name text not null,
  country_code text not null default 'GB',
  currency text not null default 'GBP',
  locale text not null default 'en_GB',
  time_zone text not null default 'Europe/London',
  support_email text,
  support_phone text,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- Spec §5: postcodes are checked against business-supplied rules, one per country.
create table postcode_rules (
  business_id integer not null references businesses(id) on delete cascade,
  country_code text not null,
  -- An anchored regular expression applied to the normalised postcode.
  pattern text not null,
  -- 'uk' normalises with the UK postcode library (upper case, single space before the inward code);
  -- 'upper_trim' only trims and upper-cases.
  normalisation text not null default 'uk' check (normalisation in ('uk', 'upper_trim')),
  example text,
  primary key (business_id, country_code)
);

create table brands (
  id integer primary key,
  business_id integer not null references businesses(id) on delete cascade,
  slug text not null unique,
  name text not null,
  tagline text,
  meta_description text,
  logo_url text not null,
  logo_width integer not null default 160,
  logo_height integer not null default 40,
  favicon_url text,
  hero_image_url text,
  -- Colours are CSS hex values; the document shell exposes them as CSS variables.
  primary_color text not null,
  primary_text_color text not null default '#ffffff',
  secondary_color text not null,
  accent_color text not null,
  background_color text not null default '#ffffff',
  text_color text not null default '#1f2937',
  -- The production host used for canonical links when a page is reached on another host.
  canonical_host text,
  is_active integer not null default 1 check (is_active in (0, 1)),
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
create index brands_business on brands(business_id);

-- The request's host picks the brand. Hosts are stored lower case without a port.
create table brand_hosts (
  host text primary key,
  brand_id integer not null references brands(id) on delete cascade,
  -- production, preprod, dev, staging or local: sitemaps answer 404 on other hosts (spec §2).
  environment text not null default 'production'
    check (environment in ('production', 'preprod', 'dev', 'staging', 'local'))
);
create index brand_hosts_brand on brand_hosts(brand_id);

-- White-label settings, one JSON document per section of spec §9 (store, checkout, home, ...).
create table brand_settings (
  brand_id integer not null references brands(id) on delete cascade,
  section text not null check (section in (
    'store', 'checkout', 'home', 'pages', 'faq', 'contact', 'branding-pages',
    'login', 'register', 'forgot-password', 'reset-password'
  )),
  settings_json text not null default '{}' check (json_valid(settings_json)),
  updated_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  primary key (brand_id, section)
);

-- Footer links: social channels (facebook, twitter, instagram) and app stores (ios, android).
create table brand_links (
  id integer primary key,
  brand_id integer not null references brands(id) on delete cascade,
  kind text not null check (kind in ('social', 'app_store')),
  channel text not null check (channel in ('facebook', 'twitter', 'instagram', 'ios', 'android')),
  url text not null,
  position integer not null default 0,
  unique (brand_id, channel)
);

-- Countries for addresses (all rows) and billing addresses (is_billing = 1).
create table countries (
  code text primary key,
  name text not null,
  is_billing integer not null default 1 check (is_billing in (0, 1)),
  position integer not null default 100
);
