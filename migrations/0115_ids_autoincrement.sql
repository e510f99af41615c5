-- Every table of a shard rebuilt with an AUTOINCREMENT key (ADR 063): written by
-- scripts/generate-id-rebuild.ts from the schema of the migrations before it; the order of
-- its steps is argued in scripts/lib/id-rebuild.ts. Rows, keys, indexes, triggers and
-- full-text indexes are kept.
pragma defer_foreign_keys = on;
drop trigger "categories_fts_delete";
drop trigger "categories_fts_insert";
drop trigger "categories_fts_update";
drop trigger "categories_rename_items_fts";
drop trigger "customer_credit_never_negative";
drop trigger "deals_fts_delete";
drop trigger "deals_fts_insert";
drop trigger "deals_fts_update";
drop trigger "geo_addresses_fts_delete";
drop trigger "geo_addresses_fts_insert";
drop trigger "geo_addresses_fts_update";
drop trigger "menu_items_fts_delete";
drop trigger "menu_items_fts_insert";
drop trigger "menu_items_fts_update";
drop trigger "seo_redirects_no_self_loop";
drop trigger "seo_redirects_no_self_loop_update";
create table "amend_pending__new" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses__new"(id),
  order_id integer not null references "orders__new"(id) on delete cascade,
  from_version integer not null check (from_version >= 0),
  from_total integer not null check (from_total >= 0),
  new_total integer not null check (new_total >= 0),
  amount integer not null check (amount > 0),
  change_json text not null,
  status text not null default 'pending'
    check (status in ('pending', 'applied', 'abandoned', 'superseded')),
  created_at text not null,
  settled_at text
);
create table "archived_orders__new" (
  id integer primary key,
  business_id integer not null references "businesses__new"(id) on delete cascade,
  brand_id integer references "brands__new"(id) on delete set null,
  customer_id integer references "customers__new"(id) on delete set null,
  -- The order's own id, kept so a restore puts it back under the same one. Not unique: a shard
  -- may give a deleted newest row's id to the next order (rowids without autoincrement), and a
  -- restore whose ids are taken again is refused (ADR 050).
  order_id integer not null,
  business_order_id text not null,
  status text not null,
  status_code integer,
  fulfilment_method text not null check (fulfilment_method in ('delivery', 'collection')),
  placed_at text not null,
  store_id integer not null references "stores__new"(id),
  items_count integer not null check (items_count >= 0),
  total integer not null check (total >= 0),
  currency text not null,
  r2_key text not null,
  archived_at text not null,
  -- A restore in flight claims the row with its token (ADR 050): of concurrent restores only the
  -- claimant's batch writes the order back.
  restore_token text, email_hash text,
  unique (business_id, business_order_id)
);
create table "auth_nonces__new" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses__new"(id) on delete cascade,
  -- SHA-256 (hex) of the nonce; the nonce itself is never stored.
  nonce_hash text not null unique,
  expires_at text not null,
  consumed_at text,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
create table "auth_refresh_tokens__new" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses__new"(id) on delete cascade,
  -- Guest sessions have no customer.
  customer_id integer references "customers__new"(id) on delete cascade,
  kind text not null check (kind in ('guest', 'member'))
    check (kind = 'guest' or customer_id is not null),
  -- SHA-256 (hex) of the opaque token; the token itself is never stored.
  token_hash text not null unique,
  family_id text not null,
  parent_id integer references "auth_refresh_tokens__new"(id) on delete set null,
  device_id integer references "devices__new"(id) on delete set null,
  issued_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  expires_at text not null,
  -- Absolute end of the family, carried from the first token (ASVS 10.4.8).
  family_expires_at text not null,
  used_at text,
  revoked_at text,
  revoked_reason text check (revoked_reason is null
    or revoked_reason in ('logout', 'reuse_detected', 'password_changed', 'logout_all', 'forgotten')),
  user_agent text
);
create table "banner_metrics__new" (
  banner_id integer not null references "banners__new"(id) on delete cascade,
  platform text not null check (platform in ('web', 'ios', 'android')),
  day text not null,
  clicks integer not null default 0 check (clicks >= 0),
  impressions integer not null default 0 check (impressions >= 0),
  primary key (banner_id, platform, day)
) without rowid;
create table "banners__new" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses__new"(id) on delete cascade,
  -- Null = every brand of the business.
  brand_id integer references "brands__new"(id) on delete cascade,
  slug text not null,
  title text not null,
  subtitle text,
  image_url text not null,
  image_width integer not null default 1200 check (image_width > 0),
  image_height integer not null default 400 check (image_height > 0),
  -- Where a click goes: a category, a deal, an item, an outside URL or nowhere.
  link_type text not null default 'none'
    check (link_type in ('none', 'category', 'deal', 'menu_item', 'url')),
  link_category_id integer references "categories__new"(id) on delete set null,
  link_deal_id integer references "deals__new"(id) on delete set null,
  link_menu_item_id integer references "menu_items__new"(id) on delete set null,
  link_url text,
  -- Where it shows: store home (category_id null) or a category page; null store = all stores.
  store_id integer references "stores__new"(id) on delete cascade,
  category_id integer references "categories__new"(id) on delete cascade,
  fulfilment_method text check (fulfilment_method is null or fulfilment_method in ('delivery', 'collection')),
  starts_at text,
  ends_at text,
  position integer not null default 0,
  is_active integer not null default 1 check (is_active in (0, 1)),
  click_count integer not null default 0 check (click_count >= 0),
  impression_count integer not null default 0 check (impression_count >= 0),
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  unique (business_id, slug)
);
create table "basket_line_selections__new" (
  id integer primary key autoincrement,
  basket_line_id integer not null references "basket_lines__new"(id) on delete cascade,
  option_id integer not null references "menu_item_options__new"(id) on delete cascade,
  option_value_id integer not null references "menu_item_option_values__new"(id) on delete cascade,
  quantity integer not null default 1 check (quantity > 0),
  unique (basket_line_id, option_value_id)
);
create table "basket_lines__new" (
  id integer primary key autoincrement,
  basket_id integer not null references "baskets__new"(id) on delete cascade,
  menu_item_id integer not null references "menu_items__new"(id) on delete cascade,
  quantity integer not null check (quantity > 0),
  -- Unit price (item + options) when added: a change shows 'promotions/prices may have changed'.
  unit_price integer not null check (unit_price >= 0),
  notes text,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
, allow_substitutes integer not null default 1
  check (allow_substitutes in (0, 1)), substitute_item_id integer
  references "menu_items__new"(id) on delete set null);
create table "basket_meal_deal_choices__new" (
  id integer primary key autoincrement,
  basket_meal_deal_id integer not null references "basket_meal_deals__new"(id) on delete cascade,
  deal_section_id integer not null references "deal_sections__new"(id) on delete cascade,
  menu_item_id integer not null references "menu_items__new"(id) on delete cascade,
  quantity integer not null default 1 check (quantity > 0)
);
create table "basket_meal_deals__new" (
  id integer primary key autoincrement,
  basket_id integer not null references "baskets__new"(id) on delete cascade,
  deal_id integer not null references "deals__new"(id) on delete cascade,
  quantity integer not null default 1 check (quantity > 0),
  unit_price integer not null check (unit_price >= 0),
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
, allow_substitutes integer not null default 1
  check (allow_substitutes in (0, 1)));
create table "basket_tokens__new" (
  token_hash text primary key,
  basket_id integer not null references "baskets__new"(id) on delete cascade,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
create table "baskets__new" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses__new"(id) on delete cascade,
  store_id integer references "stores__new"(id) on delete set null,
  -- Null while the shopper is a guest; set when a member signs in.
  customer_id integer references "customers__new"(id) on delete set null,
  -- SHA-256 (hex) of the opaque basketToken held by the client.
  token_hash text not null unique,
  status text not null default 'active' check (status in ('active', 'checked_out', 'abandoned')),
  fulfilment_method text not null default 'delivery' check (fulfilment_method in ('delivery', 'collection')),
  fulfilment_timing text not null default 'asap' check (fulfilment_timing in ('asap', 'future')),
  coupon_id integer references "coupons__new"(id) on delete set null,
  coupon_code text,
  -- Spec §4: a coupon can need re-applying after the shopper signs in.
  coupon_needs_reapply integer not null default 0 check (coupon_needs_reapply in (0, 1)),
  tip integer not null default 0 check (tip >= 0),
  -- fulfilmentLocation: where the shopper searched from, and the delivery address once set.
  location_postcode text,
  location_latitude real,
  location_longitude real,
  delivery_address_json text check (delivery_address_json is null or json_valid(delivery_address_json)),
  billing_address_json text check (billing_address_json is null or json_valid(billing_address_json)),
  contact_first_name text,
  contact_last_name text,
  contact_email text,
  contact_phone text,
  instructions text,
  age_confirmed_at text,
  cash_confirmed integer not null default 0 check (cash_confirmed in (0, 1)),
  -- Incremented on every change, so checkout can tell the basket moved under it.
  version integer not null default 1 check (version >= 1),
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
, terms_accepted_at text, billing_same_as_delivery integer not null default 0
  check (billing_same_as_delivery in (0, 1)), delivery_latitude real check (delivery_latitude between -90 and 90), delivery_longitude real check (delivery_longitude between -180 and 180), brand_id integer references "brands__new"(id) on delete set null, use_credit integer not null default 1 check (use_credit in (0, 1)));
create table "brand_domains__new" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses__new"(id) on delete cascade,
  brand_id integer not null references "brands__new"(id) on delete cascade,
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
create table "brand_hosts__new" (
  host text primary key,
  brand_id integer not null references "brands__new"(id) on delete cascade,
  -- production, preprod, dev, staging or local: sitemaps answer 404 on other hosts (spec §2).
  environment text not null default 'production'
    check (environment in ('production', 'preprod', 'dev', 'staging', 'local'))
);
create table "brand_links__new" (
  id integer primary key autoincrement,
  brand_id integer not null references "brands__new"(id) on delete cascade,
  kind text not null check (kind in ('social', 'app_store')),
  channel text not null check (channel in ('facebook', 'twitter', 'instagram', 'ios', 'android')),
  url text not null,
  position integer not null default 0,
  unique (brand_id, channel)
);
create table "brand_settings__new" (
  brand_id integer not null references "brands__new"(id) on delete cascade,
  section text not null check (section in (
    'store', 'checkout', 'home', 'pages', 'faq', 'contact', 'branding-pages',
    'login', 'register', 'forgot-password', 'reset-password'
  )),
  settings_json text not null default '{}' check (json_valid(settings_json)),
  updated_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  primary key (brand_id, section)
);
create table "brands__new" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses__new"(id) on delete cascade,
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
, order_number_prefix text
  check (order_number_prefix is null or (length(order_number_prefix) between 2 and 6
    and order_number_prefix not glob '*[^A-Z0-9]*')), font text not null default 'system'
  check (font in ('system', 'humanist', 'geometric', 'classical', 'rounded')));
create table "businesses__new" (
  id integer primary key autoincrement,
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
, goodwill_order_cap_pence integer not null default 2000
  check (goodwill_order_cap_pence >= 0), goodwill_member_cap_pence integer not null default 5000
  check (goodwill_member_cap_pence >= 0), goodwill_member_period_days integer not null default 30
  check (goodwill_member_period_days between 1 and 366), food_operator_address text, weighed_margin_percent integer not null default 10
  check (weighed_margin_percent between 0 and 100), order_reasons_json text
  check (order_reasons_json is null or json_valid(order_reasons_json)), amend_cutoff text not null default 'picking_starts'
  check (amend_cutoff in ('picking_starts', 'hours_before_slot')), amend_cutoff_hours integer not null default 0
  check (amend_cutoff_hours between 0 and 168), order_archive_months integer not null default 24
  check (order_archive_months between 6 and 120), tax_mode text not null default 'included'
  check (tax_mode in ('included', 'added_at_checkout')), tax_provider text not null default 'local'
  check (tax_provider in ('local', 'stripe-tax')));
create table "categories__new" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses__new"(id) on delete cascade,
  parent_id integer references "categories__new"(id) on delete cascade,
  slug text not null,
  name text not null,
  description text,
  -- Base path of the category picture; densities are <image_url>/<density>.svg (see menu_items).
  image_url text,
  position integer not null default 0,
  is_active integer not null default 1 check (is_active in (0, 1)),
  -- 18 when every item in the category needs an age check (beer, wine and spirits; tobacco).
  age_restriction integer check (age_restriction is null or age_restriction between 1 and 25),
  seo_title text,
  seo_description text,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')), is_tobacco integer not null default 0 check (is_tobacco in (0, 1)), is_alcohol integer not null default 0 check (is_alcohol in (0, 1)),
  unique (business_id, slug)
);
create table "contact_request_attachments__new" (
  id integer primary key autoincrement,
  contact_request_id integer not null references "contact_requests__new"(id) on delete cascade,
  -- Server-generated R2 key (a UUID), never the uploaded filename.
  r2_key text not null unique,
  filename text not null,
  content_type text not null,
  size_bytes integer not null check (size_bytes > 0)
);
create table "contact_requests__new" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses__new"(id) on delete cascade,
  brand_id integer references "brands__new"(id) on delete set null,
  customer_id integer references "customers__new"(id) on delete set null,
  subject text not null,
  message text not null,
  first_name text not null,
  last_name text not null,
  email text not null,
  phone text,
  order_number text,
  status text not null default 'new' check (status in ('new', 'in_progress', 'closed')),
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
create table "content_blocks__new" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses__new"(id) on delete cascade,
  brand_id integer references "brands__new"(id) on delete cascade,
  placement text not null check (placement in ('home', 'header', 'footer')),
  key text not null,
  content_json text not null check (json_valid(content_json)),
  position integer not null default 0,
  is_active integer not null default 1 check (is_active in (0, 1)),
  updated_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
create table "countries__new" (
  code text primary key,
  name text not null,
  is_billing integer not null default 1 check (is_billing in (0, 1)),
  position integer not null default 100
);
create table "coupon_redemptions__new" (
  id integer primary key autoincrement,
  coupon_id integer not null references "coupons__new"(id) on delete cascade,
  order_id integer not null references "orders__new"(id) on delete cascade,
  customer_id integer references "customers__new"(id) on delete set null,
  -- Lower-cased email, so per-customer limits also hold for guest orders.
  email text not null,
  amount integer not null check (amount >= 0),
  status text not null default 'reserved' check (status in ('reserved', 'redeemed', 'released')),
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  unique (coupon_id, order_id)
);
create table "coupons__new" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses__new"(id) on delete cascade,
  -- Stored upper case; shoppers' input is upper-cased before lookup.
  code text not null,
  description text,
  kind text not null check (kind in ('percent', 'amount', 'free_delivery')),
  -- Percent (1–100) for 'percent', pence for 'amount', 0 for 'free_delivery'.
  value integer not null check (value >= 0)
    check ((kind = 'percent' and value between 1 and 100) or (kind = 'amount' and value > 0)
    or (kind = 'free_delivery' and value = 0)),
  minimum_spend integer not null default 0 check (minimum_spend >= 0),
  maximum_discount integer check (maximum_discount is null or maximum_discount > 0),
  fulfilment_method text check (fulfilment_method is null or fulfilment_method in ('delivery', 'collection')),
  members_only integer not null default 0 check (members_only in (0, 1)),
  first_order_only integer not null default 0 check (first_order_only in (0, 1)),
  starts_at text,
  ends_at text,
  -- Redeem with `update coupons set redemption_count = redemption_count + 1 where id = ? and
  -- (max_redemptions is null or redemption_count < max_redemptions)` and check changes.
  max_redemptions integer check (max_redemptions is null or max_redemptions > 0),
  max_redemptions_per_customer integer
    check (max_redemptions_per_customer is null or max_redemptions_per_customer > 0),
  redemption_count integer not null default 0
    check (redemption_count >= 0 and (max_redemptions is null or redemption_count <= max_redemptions)),
  is_active integer not null default 1 check (is_active in (0, 1)),
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  unique (business_id, code)
);
create table "customer_addresses__new" (
  id integer primary key autoincrement,
  customer_id integer not null references "customers__new"(id) on delete cascade,
  type text not null check (type in ('delivery', 'billing')),
  -- The shopper's label for it ('Home', 'Work').
  name text,
  first_name text,
  last_name text,
  address_line1 text not null,
  address_line2 text,
  town text not null,
  county text,
  postcode text not null,
  country_code text not null default 'GB' references "countries__new"(code),
  latitude real,
  longitude real,
  phone text,
  is_default integer not null default 0 check (is_default in (0, 1)),
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
create table "customer_credit_ledger__new" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses__new"(id) on delete cascade,
  customer_id integer not null references "customers__new"(id) on delete cascade,
  -- Pence, signed: credit given > 0, credit spent < 0.
  amount integer not null check (amount <> 0),
  kind text not null check (kind in (
    'loyalty_reward', 'referral_reward', 'goodwill', 'refund_as_credit',
    'order_payment', 'order_credit_returned', 'adjustment'
  )),
  -- What the entry is for, unique per member: 'order:41:spend', 'referral:7:referrer', ...
  reference text not null,
  order_id integer references "orders__new"(id) on delete set null,
  referral_id integer references "referrals__new"(id) on delete set null,
  staff_id integer references "staff_accounts__new"(id) on delete set null,
  -- Why, in words the member reads on their credit history.
  description text not null,
  created_at text not null,
  unique (customer_id, reference)
);
create table "customer_identities__new" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses__new"(id) on delete cascade,
  customer_id integer not null references "customers__new"(id) on delete cascade,
  provider text not null check (provider in ('facebook', 'google', 'apple')),
  -- The provider's `sub` claim.
  subject text not null,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  unique (business_id, provider, subject)
);
create table "customers__new" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses__new"(id) on delete cascade,
  -- Lower-cased and trimmed before storing and lookup.
  email text not null,
  -- 'scheme$iterations$salt$hash'; null for social-only accounts.
  password_hash text,
  first_name text not null,
  last_name text not null,
  -- E.164 after the phone helper normalises it (+447700900123).
  phone text,
  where_heard text,
  registration_type text not null default 'registered'
    check (registration_type in ('registered', 'registered_with_verification')),
  email_verified_at text,
  retail_member_id text,
  -- Bumped to revoke every access token issued before it (logout from all devices).
  tokens_valid_after text,
  -- 'forgotten' after a confirmed forget-me request: personal fields are blanked.
  status text not null default 'active' check (status in ('active', 'disabled', 'forgotten')),
  last_login_at text,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')), default_allow_substitutes integer not null default 1
  check (default_allow_substitutes in (0, 1)),
  unique (business_id, email)
);
create table "deal_section_items__new" (
  deal_section_id integer not null references "deal_sections__new"(id) on delete cascade,
  menu_item_id integer not null references "menu_items__new"(id) on delete cascade,
  extra_cost integer not null default 0 check (extra_cost >= 0),
  position integer not null default 0,
  primary key (deal_section_id, menu_item_id)
) without rowid;
create table "deal_sections__new" (
  id integer primary key autoincrement,
  deal_id integer not null references "deals__new"(id) on delete cascade,
  name text not null,
  minimum_selected integer not null default 1 check (minimum_selected >= 0),
  maximum_selected integer not null default 1 check (maximum_selected >= 1)
    check (minimum_selected <= maximum_selected),
  position integer not null default 0
);
create table "deals__new" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses__new"(id) on delete cascade,
  slug text not null,
  name text not null,
  description text,
  kind text not null check (kind in ('multibuy', 'meal_deal', 'percent_off', 'amount_off')),
  quantity_required integer check (quantity_required is null or quantity_required > 0),
  price integer check (price is null or price > 0),
  discount_percent integer check (discount_percent is null or discount_percent between 1 and 100),
  discount_amount integer check (discount_amount is null or discount_amount > 0)
    check ((kind = 'multibuy' and quantity_required is not null and price is not null)
    or (kind = 'meal_deal' and price is not null)
    or (kind = 'percent_off' and discount_percent is not null)
    or (kind = 'amount_off' and discount_amount is not null)),
  badge_text text,
  badge_color text,
  badge_background_color text,
  image_url text,
  starts_at text,
  ends_at text,
  position integer not null default 0,
  is_active integer not null default 1 check (is_active in (0, 1)),
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  unique (business_id, slug)
);
create table "delivery_zones__new" (
  id integer primary key autoincrement,
  store_id integer not null references "stores__new"(id) on delete cascade,
  kind text not null check (kind in ('radius', 'outcode')),
  radius_km real check (radius_km is null or radius_km > 0),
  outcode text,
  delivery_fee integer check (delivery_fee is null or delivery_fee >= 0),
  minimum_spend integer check (minimum_spend is null or minimum_spend >= 0),
  is_active integer not null default 1 check (is_active in (0, 1))
    check ((kind = 'radius' and radius_km is not null and outcode is null)
    or (kind = 'outcode' and outcode is not null and radius_km is null))
);
create table "devices__new" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses__new"(id) on delete cascade,
  customer_id integer references "customers__new"(id) on delete set null,
  messaging_device_id text not null,
  platform text check (platform is null or platform in ('web', 'ios', 'android')),
  system_version text,
  device_model text,
  device_name text,
  app_version text,
  promo_consent_level text,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  unique (business_id, messaging_device_id)
);
create table "effects__new" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses__new"(id) on delete cascade,
  -- What the effect is for, unique: a second write of the same effect (a retried request, two
  -- racing confirms) adds nothing, and a redelivered message finds it delivered.
  effect_key text not null unique,
  kind text not null,
  payload_json text not null check (json_valid(payload_json)),
  status text not null default 'pending' check (status in ('pending', 'delivered', 'dead')),
  attempts integer not null default 0 check (attempts >= 0),
  last_error text,
  -- Set while one consumer runs the effect, so a second delivery of the message waits for it.
  lease_until text,
  -- When the row was last handed to the queue; null: never (the cron hands it on).
  dispatched_at text,
  created_at text not null,
  delivered_at text,
  check (status != 'delivered' or delivered_at is not null)
);
create table "email_change_codes__new" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses__new"(id) on delete cascade,
  customer_id integer not null references "customers__new"(id) on delete cascade,
  new_email text not null,
  code_hash text not null,
  attempts integer not null default 0 check (attempts >= 0),
  max_attempts integer not null default 5 check (max_attempts > 0),
  expires_at text not null,
  consumed_at text,
  created_at text not null
);
create table "faqs__new" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses__new"(id) on delete cascade,
  brand_id integer references "brands__new"(id) on delete cascade,
  -- Heading the question is listed under ('Ordering', 'Delivery', …).
  section text not null default 'General',
  question text not null,
  answer text not null,
  position integer not null default 0,
  is_active integer not null default 1 check (is_active in (0, 1))
);
create table "favourites__new" (
  id integer primary key autoincrement,
  customer_id integer not null references "customers__new"(id) on delete cascade,
  business_id integer not null references "businesses__new"(id),
  menu_item_id integer not null references "menu_items__new"(id) on delete cascade,
  created_at text not null,
  unique (customer_id, menu_item_id)
);
create table "geo_addresses__new" (
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
create table "geo_outcodes__new" (
  outcode text primary key,
  latitude real not null check (latitude between -90 and 90),
  longitude real not null check (longitude between -180 and 180),
  -- Royal Mail post town; shared districts list both towns joined by ' / '.
  town text not null
);
create table "geo_postcodes__new" (
  -- Upper case with a single space before the inward code ('M1 1AA').
  postcode text primary key,
  outcode text not null references "geo_outcodes__new"(outcode),
  latitude real not null check (latitude between -90 and 90),
  longitude real not null check (longitude between -180 and 180)
);
create table "idempotency_keys__new" (
  business_id integer not null references "businesses__new"(id) on delete cascade,
  -- The operation, e.g. 'checkout.process-order'.
  scope text not null,
  idempotency_key text not null,
  -- SHA-256 (hex) of the canonical request: the same key with another body is refused.
  request_hash text not null,
  -- 'in_progress' until the answer is stored; a concurrent retry then gets 409.
  state text not null default 'in_progress' check (state in ('in_progress', 'completed')),
  response_status integer,
  response_body text,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  expires_at text not null,
  primary key (business_id, scope, idempotency_key)
);
create table "insight_rollup_days__new" (
  business_id integer not null references "businesses__new"(id),
  scope text not null check (scope in ('business', 'brand', 'store')),
  scope_id integer not null,
  day text not null,
  time_zone text not null,
  sums_json text not null,
  staff_json text not null,
  computed_at text not null,
  primary key (business_id, scope, scope_id, day)
) without rowid;
create table "insight_rollup_runs__new" (
  id integer primary key autoincrement check (id = 1),
  changes_seen_to text not null
);
create table "interest_requests__new" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses__new"(id) on delete cascade,
  brand_id integer references "brands__new"(id) on delete set null,
  email text not null,
  postcode text not null,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  unique (business_id, email, postcode)
);
create table "login_failures__new" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses__new"(id) on delete cascade,
  -- HMAC-SHA-256 (hex) of the normalised email with a key derived from AUTH_PEPPER: the same for
  -- an account that exists and one that does not, and never the address itself.
  identifier_hash text not null,
  -- ISO 8601 UTC from the app clock (worker/lib/clock.ts).
  failed_at text not null
);
create table "loyalty_accounts__new" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses__new"(id) on delete cascade,
  customer_id integer not null unique references "customers__new"(id) on delete cascade,
  -- The sum of the account's transactions; below zero while a refund is being paid back.
  points_balance integer not null default 0,
  lifetime_points integer not null default 0 check (lifetime_points >= 0),
  created_at text not null,
  updated_at text not null
);
create table "loyalty_schemes__new" (
  business_id integer primary key autoincrement references "businesses__new"(id) on delete cascade,
  name text not null,
  points_per_pound integer not null default 1 check (points_per_pound >= 0),
  reward_threshold integer not null check (reward_threshold > 0),
  reward_value integer not null check (reward_value > 0),
  is_active integer not null default 1 check (is_active in (0, 1))
);
create table "loyalty_transactions__new" (
  id integer primary key autoincrement,
  loyalty_account_id integer not null references "loyalty_accounts__new"(id) on delete cascade,
  seq integer not null check (seq > 0),
  -- Signed: earned > 0; reversed and turned into a reward < 0.
  points integer not null check (points <> 0),
  kind text not null check (kind in ('earn', 'reverse', 'reward', 'adjust')),
  reference text not null,
  order_id integer references "orders__new"(id) on delete set null,
  -- Why, in words the member reads on their points history (never a person's name).
  description text not null,
  created_at text not null,
  unique (loyalty_account_id, reference),
  unique (loyalty_account_id, seq)
);
create table "marketing_channels__new" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses__new"(id) on delete cascade,
  channel text not null check (channel in ('email', 'sms', 'push', 'post')),
  name text not null,
  description text,
  position integer not null default 0,
  unique (business_id, channel)
);
create table "marketing_consents__new" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses__new"(id) on delete cascade,
  customer_id integer not null references "customers__new"(id) on delete cascade,
  channel text not null check (channel in ('email', 'sms', 'push')),
  opted_in integer not null check (opted_in in (0, 1)),
  -- Where the shopper said so: the registration form or the profile page.
  source text not null check (source in ('registration', 'profile')),
  recorded_at text not null
);
create table "marketing_events__new" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses__new"(id) on delete cascade,
  brand_id integer references "brands__new"(id) on delete set null,
  kind text not null check (kind in ('user_update', 'event', 'purchase', 'cart_update')),
  event_name text,
  user_key text not null,
  payload_json text not null,
  created_at text not null
);
create table "marketing_preferences__new" (
  customer_id integer not null references "customers__new"(id) on delete cascade,
  marketing_channel_id integer not null references "marketing_channels__new"(id) on delete cascade,
  opted_in integer not null check (opted_in in (0, 1)),
  updated_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  primary key (customer_id, marketing_channel_id)
) without rowid;
create table "member_substitution_choices__new" (
  customer_id integer not null references "customers__new"(id) on delete cascade,
  menu_item_id integer not null references "menu_items__new"(id) on delete cascade,
  allow_substitutes integer not null check (allow_substitutes in (0, 1)),
  substitute_item_id integer references "menu_items__new"(id) on delete set null,
  updated_at text not null,
  primary key (customer_id, menu_item_id)
);
create table "menu_item_option_value_size_costs__new" (
  id integer primary key autoincrement,
  option_value_id integer not null references "menu_item_option_values__new"(id) on delete cascade,
  size_id integer not null references "menu_item_option_values__new"(id) on delete cascade,
  extra_cost integer not null check (extra_cost >= 0),
  unique (option_value_id, size_id)
);
create table "menu_item_option_values__new" (
  id integer primary key autoincrement,
  option_id integer not null references "menu_item_options__new"(id) on delete cascade,
  name text not null,
  extra_cost integer not null default 0 check (extra_cost >= 0),
  is_default integer not null default 0 check (is_default in (0, 1)),
  out_of_stock integer not null default 0 check (out_of_stock in (0, 1)),
  position integer not null default 0
);
create table "menu_item_options__new" (
  id integer primary key autoincrement,
  menu_item_id integer not null references "menu_items__new"(id) on delete cascade,
  name text not null,
  placeholder text,
  minimum_selected integer not null default 0 check (minimum_selected >= 0),
  maximum_selected integer not null default 1 check (maximum_selected >= 1)
    check (minimum_selected <= maximum_selected),
  display_as_grid integer not null default 0 check (display_as_grid in (0, 1)),
  -- 1: picking a value replaces the previous one (radio); 0: values add up (checkboxes/counts).
  mutually_exclusive integer not null default 0 check (mutually_exclusive in (0, 1)),
  -- dependentOn: shown only once a value of that option is chosen, or, when
  -- dependent_on_value_id is set, only while that value is chosen.
  dependent_on integer references "menu_item_options__new"(id) on delete cascade,
  dependent_on_value_id integer references "menu_item_option_values__new"(id) on delete cascade,
  -- The first N selected instances are free; extra costs apply from instance N + 1. Null = all charged.
  extra_cost_instances_threshold integer
    check (extra_cost_instances_threshold is null or extra_cost_instances_threshold >= 0),
  -- 1 for the size option whose values are the size_id of menu_item_option_value_size_costs.
  is_size integer not null default 0 check (is_size in (0, 1)),
  position integer not null default 0
);
create table "menu_items__new" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses__new"(id) on delete cascade,
  category_id integer not null references "categories__new"(id),
  slug text not null,
  name text not null,
  description text,
  ingredients text,
  -- Pack size as sold ('2 pints', '500g'); part of the displayed name.
  size text,
  -- Shelf-edge unit price ('£1.20/litre'), precomputed for display.
  unit_price_label text,
  price integer not null check (price > 0),
  was_price integer check (was_price is null or was_price > price),
  badge_text text,
  badge_color text,
  badge_background_color text
    check ((badge_text is null) = (badge_color is null)
    and (badge_text is null) = (badge_background_color is null)),
  out_of_stock integer not null default 0 check (out_of_stock in (0, 1)),
  -- JSON array of lower-case strings, e.g. ["vegan","gluten-free"].
  tags text not null default '[]' check (json_valid(tags) and json_type(tags) = 'array'),
  -- 'simple' adds straight to the basket; 'options' opens the option picker first.
  add_to_basket_type text not null default 'simple' check (add_to_basket_type in ('simple', 'options')),
  quick_add integer not null default 1 check (quick_add in (0, 1)),
  -- Minimum age to buy, null if none ('You must be at least %s to purchase this item').
  age_restriction integer check (age_restriction is null or age_restriction between 1 and 25),
  -- Per-item quantity cap ('Item limit has been reached'); null = no cap.
  max_quantity integer check (max_quantity is null or max_quantity > 0),
  -- Image paths served from static assets, one per density of spec §3.
  image_originals text not null,
  image_mdpi_1x text not null,
  image_xhdpi_2x text not null,
  image_xxhdpi_3x text not null,
  -- Intrinsic size of the mdpi_1x image, so pages reserve space (no layout shift).
  image_width integer not null default 160 check (image_width > 0),
  image_height integer not null default 160 check (image_height > 0),
  position integer not null default 0,
  is_active integer not null default 1 check (is_active in (0, 1)),
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')), was_price_from text, was_price_until text, image_webp_mdpi_1x text, image_webp_xhdpi_2x text, image_webp_xxhdpi_3x text, unit_amount real check (unit_amount is null or unit_amount > 0), allergens_contains text not null default '[]'
  check (json_valid(allergens_contains) and json_type(allergens_contains) = 'array'), allergens_may_contain text not null default '[]'
  check (json_valid(allergens_may_contain) and json_type(allergens_may_contain) = 'array'), nutrition text
  check (nutrition is null or (json_valid(nutrition) and json_type(nutrition) = 'object')), storage_use text, country_of_origin text, net_quantity text, food_operator_name text, food_operator_address text, sold_by text not null default 'each'
  check (sold_by in ('each', 'by_weight', 'by_piece_estimated')), price_per_kg integer
  check (price_per_kg is null or price_per_kg > 0), unit_grams integer
  check (unit_grams is null or unit_grams > 0)
  check ((sold_by = 'each') = (price_per_kg is null) and (sold_by = 'each') = (unit_grams is null))
  check (sold_by = 'each' or price = (price_per_kg * unit_grams + 500) / 1000), vat_class text not null default 'standard'
  check (vat_class in ('zero', 'reduced', 'standard')),
  unique (business_id, slug)
);
create table "newsletter_signups__new" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses__new"(id) on delete cascade,
  brand_id integer references "brands__new"(id) on delete set null,
  email text not null,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  unique (business_id, email)
);
create table "operator_audit__new" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses__new"(id) on delete cascade,
  -- The member of staff who made the change; kept (null) if the account is ever removed.
  staff_id integer references "staff_accounts__new"(id) on delete set null,
  -- What was done, e.g. 'brand.update', 'store.create', 'catalogue.import'.
  action text not null check (action glob '[a-z]*.[a-z]*'),
  -- What it was done to: the kind of thing and its id (null for a business-wide change).
  entity text not null check (entity glob '[a-z]*'),
  entity_id integer,
  -- The thing as JSON before and after the change: null before a creation, after a deletion.
  before_json text check (before_json is null or json_valid(before_json)),
  after_json text check (after_json is null or json_valid(after_json)),
  -- A line for people ("Imported 200 items"), shown in the audit log.
  summary text not null,
  at text not null
);
create table "order_history__new" (
  id integer primary key autoincrement,
  order_id integer not null references "orders__new"(id) on delete cascade,
  actor_staff_id integer references "staff_accounts__new"(id) on delete set null,
  role text not null
    check (role in ('operator', 'store_manager', 'picker', 'driver', 'system', 'shopper')),
  action text not null,
  from_status text not null,
  to_status text not null,
  reason text,
  -- What the action recorded besides (a line mark, a refund amount), as JSON.
  detail_json text check (detail_json is null or json_valid(detail_json)),
  at text not null
);
create table "order_line_picks__new" (
  order_line_id integer primary key autoincrement references "order_lines__new"(id) on delete cascade,
  order_id integer not null references "orders__new"(id) on delete cascade,
  mark text not null check (mark in ('picked', 'short', 'out_of_stock', 'substituted')),
  picked_quantity integer not null check (picked_quantity >= 0),
  substitute_menu_item_id integer references "menu_items__new"(id) on delete set null,
  substitute_name text,
  substitute_quantity integer check (substitute_quantity is null or substitute_quantity > 0),
  substitute_unit_price integer check (substitute_unit_price is null or substitute_unit_price >= 0),
  charged_price integer not null check (charged_price >= 0),
  refunded_quantity integer not null default 0 check (refunded_quantity >= 0),
  marked_by integer references "staff_accounts__new"(id) on delete set null,
  marked_at text not null, version integer not null default 1 check (version >= 1), picked_grams integer
  check (picked_grams is null or picked_grams > 0), rejected_at text, rejected_by text
  check (rejected_by is null or rejected_by in ('review', 'door')), rejected_staff_id integer, rejected_amount integer
  check (rejected_amount is null or (rejected_amount >= 0 and rejected_amount <= charged_price)), rejected_token text, substitute_vat_class text
  check (substitute_vat_class is null or substitute_vat_class in ('zero', 'reduced', 'standard')),
  check ((mark = 'substituted') = (substitute_menu_item_id is not null or substitute_name is not null))
);
create table "order_line_selections__new" (
  id integer primary key autoincrement,
  order_line_id integer not null references "order_lines__new"(id) on delete cascade,
  option_value_id integer references "menu_item_option_values__new"(id) on delete set null,
  option_name text not null,
  value_name text not null,
  quantity integer not null default 1 check (quantity > 0),
  extra_cost integer not null default 0 check (extra_cost >= 0)
);
create table "order_lines__new" (
  id integer primary key autoincrement,
  order_id integer not null references "orders__new"(id) on delete cascade,
  -- Items and deals may change later: the line keeps its own name and prices.
  menu_item_id integer references "menu_items__new"(id) on delete set null,
  deal_id integer references "deals__new"(id) on delete set null,
  -- Items chosen inside a meal deal point at the meal deal's line.
  parent_line_id integer references "order_lines__new"(id) on delete cascade,
  kind text not null default 'item' check (kind in ('item', 'meal_deal', 'meal_deal_choice')),
  name text not null,
  quantity integer not null check (quantity > 0),
  unit_price integer not null check (unit_price >= 0),
  total_price integer not null check (total_price >= 0),
  age_restriction integer,
  position integer not null default 0
, allow_substitutes integer not null default 1
  check (allow_substitutes in (0, 1)), sold_by text not null default 'each'
  check (sold_by in ('each', 'by_weight', 'by_piece_estimated')), price_per_kg integer
  check (price_per_kg is null or price_per_kg > 0), unit_grams integer
  check (unit_grams is null or unit_grams > 0)
  check ((sold_by = 'each') = (price_per_kg is null) and (sold_by = 'each') = (unit_grams is null)), substitute_item_id integer
  references "menu_items__new"(id) on delete set null, vat_class text
  check (vat_class is null or vat_class in ('zero', 'reduced', 'standard')), vat_rate integer
  check (vat_rate is null or vat_rate between 0 and 10000), tax_amount integer check (tax_amount is null or tax_amount >= 0));
create table "order_status_history__new" (
  id integer primary key autoincrement,
  order_id integer not null references "orders__new"(id) on delete cascade,
  status text not null,
  status_code integer,
  note text,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
create table "orders__new" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses__new"(id) on delete cascade,
  brand_id integer references "brands__new"(id) on delete set null,
  store_id integer not null references "stores__new"(id),
  customer_id integer references "customers__new"(id) on delete set null,
  basket_id integer references "baskets__new"(id) on delete set null,
  -- The order number shown to shoppers and staff, unique per business.
  business_order_id text not null,
  -- draft → payment_pending → sent_to_store (20) → store_accepted_picking (40) → picked (60)
  -- → en_route (80) → delivered (100), or a terminal state.
  status text not null default 'draft' check (status in (
    'draft', 'payment_pending', 'payment_failed',
    'sent_to_store', 'store_accepted_picking', 'picked', 'en_route', 'delivered',
    'store_rejected', 'refunded', 'declined', 'cancelled', 'unable_to_deliver'
  )),
  status_code integer check (status_code is (case status
    when 'sent_to_store' then 20 when 'store_accepted_picking' then 40 when 'picked' then 60
    when 'en_route' then 80 when 'delivered' then 100 else null end)),
  fulfilment_method text not null check (fulfilment_method in ('delivery', 'collection')),
  fulfilment_timing text not null check (fulfilment_timing in ('asap', 'future')),
  -- The slot in the store's local time, and the same start as a UTC instant.
  slot_date text,
  slot_starts_at text,
  slot_ends_at text,
  slot_start_utc text,
  channel text not null default 'web' check (channel in ('web', 'ios', 'android')),
  platform text,
  payment_method text check (payment_method is null
    or payment_method in ('paymentCard', 'applePay', 'googlePay', 'paymentCash')),
  payment_gateway text check (payment_gateway is null or payment_gateway in ('realex', 'frames', 'cash')),
  first_name text not null,
  last_name text not null,
  email text not null,
  phone text,
  delivery_address_json text check (delivery_address_json is null or json_valid(delivery_address_json)),
  billing_address_json text check (billing_address_json is null or json_valid(billing_address_json)),
  delivery_latitude real,
  delivery_longitude real,
  instructions text,
  messaging_device_id text,
  referral_customer_id integer references "customers__new"(id) on delete set null,
  referral_partner_id text,
  coupon_id integer references "coupons__new"(id) on delete set null,
  coupon_code text,
  cash_confirmed integer not null default 0 check (cash_confirmed in (0, 1)),
  age_verified integer not null default 0 check (age_verified in (0, 1)),
  -- Money, all in pence.
  subtotal integer not null check (subtotal >= 0),
  discount_total integer not null default 0 check (discount_total >= 0),
  delivery_cost integer not null default 0 check (delivery_cost >= 0),
  service_fee integer not null default 0 check (service_fee >= 0),
  delivery_tip integer not null default 0 check (delivery_tip >= 0),
  credit_applied integer not null default 0 check (credit_applied >= 0),
  tip_refund integer not null default 0 check (tip_refund >= 0 and tip_refund <= delivery_tip),
  refund integer not null default 0 check (refund >= 0),
  -- original_total = subtotal - discount_total + delivery_cost + service_fee + delivery_tip
  --   - credit_applied, fixed when the order is placed.
  original_total integer not null check (original_total >= 0),
  -- Signed change made by the store (substitutions, weighed items).
  total_adjustment integer not null default 0,
  -- What the shopper pays in the end: original_total + total_adjustment - refund - tip_refund.
  total integer not null check (total >= 0),
  currency text not null default 'GBP',
  loyalty_points_earned integer not null default 0 check (loyalty_points_earned >= 0),
  -- Driver tracking (spec §4: offered while status_code is 20–80).
  driver_latitude real,
  driver_longitude real,
  driver_updated_at text,
  placed_at text,
  completed_at text,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')), basket_version integer, coupon_discount integer not null default 0
  check (coupon_discount >= 0), idempotency_key text, accepted_at text, estimated_ready_at text, picking_started_at text, ready_for_collection_at text, driver_id integer references "staff_accounts__new"(id) on delete set null, closing_reason text, accept_alerted_at text, action_token text, pricing_terms_json text
  check (pricing_terms_json is null or json_valid(pricing_terms_json)), picking_difference integer not null default 0
  check (picking_difference <= 0), picks_version integer not null default 0, weighed_margin_percent integer not null default 0
  check (weighed_margin_percent between 0 and 100), weighed_extra integer not null default 0
  check (weighed_extra >= 0), amend_version integer not null default 0
  check (amend_version >= 0), restored_at text, vat_rates text
  check (vat_rates is null or json_valid(vat_rates)), tax_total integer not null default 0 check (tax_total >= 0), tax_json text check (tax_json is null or json_valid(tax_json)), tax_reference text,
  unique (business_id, business_order_id)
);
create table "otp_codes__new" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses__new"(id) on delete cascade,
  customer_id integer references "customers__new"(id) on delete cascade,
  channel text not null check (channel in ('email', 'sms')),
  -- Email or E.164 phone the code was sent to.
  destination text not null,
  -- HMAC-SHA-256 (hex) of the code with the session secret.
  code_hash text not null,
  -- Binds the code to the request that asked for it.
  request_id text not null unique,
  attempts integer not null default 0 check (attempts >= 0),
  max_attempts integer not null default 5 check (max_attempts > 0),
  expires_at text not null,
  consumed_at text,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
create table "outbox__new" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses__new"(id) on delete cascade,
  brand_id integer references "brands__new"(id) on delete set null,
  channel text not null check (channel in ('email', 'sms')),
  recipient text not null,
  template text not null,
  payload_json text not null default '{}' check (json_valid(payload_json)),
  status text not null default 'pending' check (status in ('pending', 'sending', 'sent', 'failed')),
  attempts integer not null default 0 check (attempts >= 0),
  last_error text,
  send_after text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  sent_at text,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
, idempotency_key text);
create table "password_reset_codes__new" (
  id integer primary key autoincrement,
  customer_id integer not null references "customers__new"(id) on delete cascade,
  -- SHA-256 (hex) of the reset token sent by email (resetToken).
  token_hash text not null unique,
  expires_at text not null,
  used_at text,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
create table "payment_refunds__new" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses__new"(id) on delete cascade,
  payment_id integer not null references "payments__new"(id) on delete cascade,
  kind text not null check (kind in ('refund', 'void')),
  reference text not null,
  amount integer not null check (amount > 0),
  reason text not null,
  -- owed: promised back by the batch that changed the order, the gateway not asked yet (only a
  -- refund); then as before: pending, done, refused, unknown.
  status text not null default 'pending' check (status in ('owed', 'pending', 'done', 'refused',
    'unknown') and (status <> 'owed' or kind = 'refund')),
  result_code text,
  result_message text,
  action_ref text,
  created_at text not null,
  updated_at text not null,
  reconcile_attempts integer not null default 0 check (reconcile_attempts >= 0),
  reconcile_after text,
  reconciled_at text,
  unique (business_id, reference)
);
create table "payments__new" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses__new"(id) on delete cascade,
  order_id integer not null references "orders__new"(id) on delete cascade,
  gateway text not null check (gateway in ('realex', 'frames', 'cash')),
  method text not null check (method in ('paymentCard', 'applePay', 'googlePay', 'paymentCash')),
  status text not null default 'pending' check (status in (
    'pending', 'authorised', 'captured', 'declined', 'failed', 'cancelled', 'refunded', 'partially_refunded'
  )),
  amount integer not null check (amount >= 0),
  amount_refunded integer not null default 0 check (amount_refunded >= 0 and amount_refunded <= amount),
  currency text not null default 'GBP',
  -- The gateway's order reference (Realex ORDER_ID): one per attempt, never reused.
  gateway_order_id text unique,
  -- Gateway references from the answer (Realex PASREF, AUTHCODE), and its RESULT/MESSAGE.
  external_ref text,
  auth_code text,
  result_code text,
  result_message text,
  saved_card_id integer references "saved_cards__new"(id) on delete set null,
  save_card integer not null default 0 check (save_card in (0, 1)),
  idempotency_key text not null unique,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
, customer_id integer references "customers__new"(id) on delete set null, success_url text, failure_url text, cancel_url text, response_url text, payer_ref text, pmt_ref text, completed_at text, shopper_message text, void_reason text check (void_reason in (
  'attempt_superseded', 'order_superseded', 'order_paid'
)), voided_at text, void_result_code text, void_result_message text, card_brand text
  check (card_brand is null or card_brand in ('visa', 'mastercard', 'discover', 'jcb')), card_last4 text
  check (card_last4 is null or (length(card_last4) = 4 and card_last4 not glob '*[^0-9]*')), capture_later integer not null default 0
  check (capture_later in (0, 1)), captured_amount integer
  check (captured_amount is null or (captured_amount >= 0 and captured_amount <= amount)), capture_unknown integer not null default 0, void_tries integer not null default 0, amend_pending_id integer references "amend_pending__new"(id));
create table "postcode_rules__new" (
  business_id integer not null references "businesses__new"(id) on delete cascade,
  country_code text not null,
  -- An anchored regular expression applied to the normalised postcode.
  pattern text not null,
  -- 'uk' normalises with the UK postcode library (upper case, single space before the inward code);
  -- 'upper_trim' only trims and upper-cases.
  normalisation text not null default 'uk' check (normalisation in ('uk', 'upper_trim')),
  example text,
  primary key (business_id, country_code)
);
create table "referral_codes__new" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses__new"(id) on delete cascade,
  customer_id integer not null unique references "customers__new"(id) on delete cascade,
  -- Upper case, shared with friends.
  code text not null,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  unique (business_id, code)
);
create table "referral_decisions__new" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses__new"(id) on delete cascade,
  referral_id integer references "referrals__new"(id) on delete cascade,
  referral_code text,
  customer_id integer references "customers__new"(id) on delete set null,
  decision text not null check (decision in ('accepted', 'refused', 'rewarded')),
  reason text not null,
  created_at text not null
);
create table "referral_schemes__new" (
  business_id integer primary key autoincrement references "businesses__new"(id) on delete cascade,
  reward_amount integer not null default 500 check (reward_amount > 0),
  monthly_cap integer not null default 10 check (monthly_cap > 0),
  is_active integer not null default 1 check (is_active in (0, 1))
);
create table "referrals__new" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses__new"(id) on delete cascade,
  referral_code_id integer not null references "referral_codes__new"(id) on delete cascade,
  referrer_customer_id integer not null references "customers__new"(id) on delete cascade,
  referee_customer_id integer not null unique references "customers__new"(id) on delete cascade
    check (referrer_customer_id <> referee_customer_id),
  status text not null default 'pending' check (status in ('pending', 'rewarded', 'cancelled')),
  reward_amount integer not null default 500 check (reward_amount > 0),
  qualifying_order_id integer references "orders__new"(id) on delete set null,
  rewarded_at text,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
, referee_device_id text);
create table "reviews__new" (
  id integer primary key autoincrement,
  order_id integer not null unique references "orders__new"(id) on delete cascade,
  customer_id integer references "customers__new"(id) on delete set null,
  star_rating integer not null check (star_rating between 1 and 5),
  comment text,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
, store_id integer references "stores__new"(id) on delete cascade, updated_at text);
create table "sandbox_frames_payments__new" (
  id text primary key,
  reference text not null unique,
  amount integer not null check (amount >= 0),
  currency text not null,
  source_id text,
  status text not null check (status in ('Pending', 'Authorized', 'Card Verified', 'Declined',
    'Voided')),
  response_code text,
  response_summary text,
  success_url text,
  failure_url text,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
, settled integer not null default 0
  check (settled in (0, 1)), auto_capture integer not null default 1
  check (auto_capture in (0, 1)), captured_amount integer
  check (captured_amount is null or captured_amount >= 0));
create table "sandbox_frames_sources__new" (
  id text primary key,
  brand text not null,
  last4 text not null check (length(last4) = 4),
  expiry_month integer not null,
  expiry_year integer not null,
  result_code text not null,
  challenge integer not null default 0 check (challenge in (0, 1)),
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
create table "sandbox_frames_tokens__new" (
  token text primary key,
  kind text not null check (kind in ('card', 'cvv', 'wallet')),
  brand text,
  last4 text check (last4 is null or length(last4) = 4),
  expiry_month integer,
  expiry_year integer,
  -- The RESULT the test card gives (00, 101, …) and whether a 3-D Secure challenge comes first.
  result_code text,
  challenge integer not null default 0 check (challenge in (0, 1)),
  used_at text,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
create table "sandbox_hpp_requests__new" (
  order_id text primary key,
  merchant_id text not null,
  account text not null,
  amount text not null,
  currency text not null,
  response_url text not null,
  cancel_url text,
  card_storage integer not null default 0 check (card_storage in (0, 1)),
  payer_ref text,
  pmt_ref text,
  select_stored_card text,
  -- open → challenge (3-D Secure) → answered → voided (an authorisation the shop voided).
  status text not null default 'open' check (status in ('open', 'challenge', 'answered', 'voided')),
  challenge_brand text,
  challenge_last4 text,
  challenge_expiry text,
  -- The answer: its RESULT and PASREF (a void names the transaction by ORDER_ID and PASREF).
  result_code text,
  pasref text,
  voided_at text,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
, settled integer not null default 0
  check (settled in (0, 1)), auto_settle integer not null default 1
  check (auto_settle in (0, 1)), captured_amount integer
  check (captured_amount is null or captured_amount >= 0));
create table "sandbox_identity_keys__new" (
  kid text primary key,
  private_jwk text not null,
  public_jwk text not null,
  created_at text not null
);
create table "sandbox_refunds__new" (
  id integer primary key autoincrement,
  provider text not null check (provider in ('realex', 'frames')),
  -- Realex ORDER_ID, or the frames payment id (pay_sbx_…).
  transaction_ref text not null,
  amount integer not null check (amount > 0),
  currency text not null,
  reference text,
  action_id text not null unique,
  created_at text not null,
  unique (provider, reference)
);
create table "sandbox_stored_cards__new" (
  id integer primary key autoincrement,
  merchant_id text not null,
  payer_ref text not null,
  pmt_ref text not null,
  brand text not null,
  last4 text not null check (length(last4) = 4),
  -- MMYY, as SAVED_PMT_EXPDATE.
  expiry text not null,
  cardholder_name text,
  -- The RESULT the test card produces when charged again.
  result_code text not null,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  unique (merchant_id, payer_ref, pmt_ref)
);
create table "sandbox_wallet_tokens__new" (
  id text primary key,
  wallet text not null check (wallet in ('applePay', 'googlePay')),
  outcome text not null check (outcome in ('approve', 'decline')),
  used_at text,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
create table "saved_cards__new" (
  id integer primary key autoincrement,
  customer_id integer not null references "customers__new"(id) on delete cascade,
  gateway text not null check (gateway in ('realex', 'frames')),
  -- Realex: 'payer_ref:pmt_ref'; frames providers: their card token.
  token text not null,
  brand text not null check (brand in ('visa', 'mastercard', 'discover', 'jcb')),
  last4 text not null check (length(last4) = 4 and last4 glob '[0-9][0-9][0-9][0-9]'),
  expiry_month integer not null check (expiry_month between 1 and 12),
  expiry_year integer not null check (expiry_year between 2000 and 2100),
  cardholder_name text,
  is_default integer not null default 0 check (is_default in (0, 1)),
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  unique (customer_id, gateway, token)
);
create table "seo_metadata__new" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses__new"(id) on delete cascade,
  brand_id integer references "brands__new"(id) on delete cascade,
  -- The page's path: leading slash, no trailing slash, no query ('/', '/faqs', '/stores/york').
  path text not null check (path glob '/*' and (path = '/' or path not glob '*/')),
  title text,
  description text,
  noindex integer check (noindex in (0, 1)),
  -- A path of this site the page names as canonical instead of its own.
  canonical_path text check (canonical_path is null or (canonical_path glob '/*' and canonical_path not glob '//*'))
);
create table "seo_pages__new" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses__new"(id) on delete cascade,
  brand_id integer references "brands__new"(id) on delete cascade,
  slug text not null,
  title text not null,
  meta_description text,
  heading text,
  -- Markdown; rendered and sanitised by the page.
  body text not null default '',
  noindex integer not null default 0 check (noindex in (0, 1)),
  updated_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
create table "seo_redirects__new" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses__new"(id) on delete cascade,
  -- Path without the leading slash and without a trailing slash.
  from_slug text not null,
  to_path text not null,
  status_code integer not null default 301 check (status_code in (301, 302, 307, 308)),
  unique (business_id, from_slug)
);
create table "sitemaps__new" (
  id integer primary key autoincrement,
  brand_id integer not null references "brands__new"(id) on delete cascade,
  name text not null check (name glob '*.xml'),
  body text,
  generated_at text,
  unique (brand_id, name)
);
create table "slot_reservations__new" (
  id integer primary key autoincrement,
  time_slot_id integer references "time_slots__new"(id) on delete cascade,
  store_id integer not null references "stores__new"(id) on delete cascade,
  basket_id integer not null references "baskets__new"(id) on delete cascade,
  order_id integer references "orders__new"(id) on delete set null,
  fulfilment_method text not null check (fulfilment_method in ('delivery', 'collection')),
  -- ASAP orders reserve no slot row (time_slot_id null).
  is_asap integer not null default 0 check (is_asap in (0, 1))
    check (is_asap = 1 or time_slot_id is not null),
  status text not null default 'held' check (status in ('held', 'confirmed', 'released', 'expired')),
  postcode text,
  latitude real,
  longitude real,
  expires_at text not null,
  confirmed_at text,
  released_at text,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
create table "social_link_requests__new" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses__new"(id) on delete cascade,
  customer_id integer not null references "customers__new"(id) on delete cascade,
  provider text not null check (provider in ('facebook', 'google', 'apple')),
  subject text not null,
  -- SHA-256 (hex) of the token kept in the browser's httpOnly cookie; never the token itself.
  token_hash text not null unique,
  expires_at text not null,
  consumed_at text,
  created_at text not null
);
create table "staff_accounts__new" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses__new"(id) on delete cascade,
  -- Normalised as EmailSchema does (trimmed, lower case).
  email text not null,
  name text not null,
  -- pbkdf2-sha512$… (worker/backend/auth/passwords.ts); null until the invitation is accepted.
  password_hash text,
  status text not null check (status in ('active', 'invited', 'deactivated')),
  -- The business-wide role: an operator acts for every store of the business.
  is_operator integer not null default 0 check (is_operator in (0, 1)),
  last_sign_in_at text,
  created_at text not null,
  updated_at text not null,
  check (status != 'active' or password_hash is not null),
  unique (business_id, email)
);
create table "staff_invitations__new" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses__new"(id) on delete cascade,
  staff_id integer not null references "staff_accounts__new"(id) on delete cascade,
  token_hash text not null unique,
  role text not null check (role in ('operator', 'store_manager', 'picker', 'driver')),
  -- JSON array of store ids the role covers (empty for an operator), kept for the record.
  store_ids_json text not null default '[]' check (json_valid(store_ids_json)),
  invited_by integer references "staff_accounts__new"(id) on delete set null,
  expires_at text not null,
  accepted_at text,
  -- A newer invitation of the same account retires the older ones.
  retired_at text,
  created_at text not null
);
create table "staff_refresh_tokens__new" (
  id integer primary key autoincrement,
  session_id text not null references "staff_sessions__new"(id) on delete cascade,
  token_hash text not null unique,
  expires_at text not null,
  used_at text,
  created_at text not null
);
create table "staff_sessions__new" (
  id text primary key,
  business_id integer not null references "businesses__new"(id) on delete cascade,
  staff_id integer not null references "staff_accounts__new"(id) on delete cascade,
  created_at text not null,
  -- Absolute end, however often it is refreshed (ADR 009: 90 days for members too).
  expires_at text not null,
  revoked_at text,
  revoked_reason text check (revoked_reason is null
    or revoked_reason in ('logout', 'reuse_detected', 'deactivated', 'password_changed')),
  user_agent text
);
create table "staff_sign_in_codes__new" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses__new"(id) on delete cascade,
  staff_id integer not null references "staff_accounts__new"(id) on delete cascade,
  -- Random id the browser holds between the two steps; the code is bound to it.
  challenge_id text not null unique,
  -- HMAC-SHA-256 (hex) of the code and the challenge (worker/backend/auth/otp.ts).
  code_hash text not null,
  attempts integer not null default 0 check (attempts >= 0),
  max_attempts integer not null default 5 check (max_attempts > 0),
  expires_at text not null,
  consumed_at text,
  created_at text not null
);
create table "staff_store_roles__new" (
  staff_id integer not null references "staff_accounts__new"(id) on delete cascade,
  store_id integer not null references "stores__new"(id) on delete cascade,
  role text not null check (role in ('store_manager', 'picker', 'driver')),
  created_at text not null,
  primary key (staff_id, store_id, role)
);
create table "store_closures__new" (
  id integer primary key autoincrement,
  store_id integer not null references "stores__new"(id) on delete cascade,
  closed_on text not null check (closed_on glob '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  reason text,
  unique (store_id, closed_on)
);
create table "store_menu_items__new" (
  store_id integer not null references "stores__new"(id) on delete cascade,
  menu_item_id integer not null references "menu_items__new"(id) on delete cascade,
  price integer check (price is null or price > 0),
  was_price integer check (was_price is null or was_price > 0),
  out_of_stock integer check (out_of_stock is null or out_of_stock in (0, 1)),
  -- 0 = this store does not sell the item at all.
  is_available integer not null default 1 check (is_available in (0, 1)),
  stock_quantity integer check (stock_quantity is null or stock_quantity >= 0),
  updated_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')), was_price_from text, was_price_until text,
  primary key (store_id, menu_item_id)
) without rowid;
create table "store_opening_hours__new" (
  id integer primary key autoincrement,
  store_id integer not null references "stores__new"(id) on delete cascade,
  fulfilment_method text not null check (fulfilment_method in ('delivery', 'collection', 'store')),
  -- 0 = Monday … 6 = Sunday.
  day_of_week integer not null check (day_of_week between 0 and 6),
  opens_at text not null check (opens_at glob '[0-2][0-9]:[0-5][0-9]'),
  closes_at text not null check (closes_at glob '[0-2][0-9]:[0-5][0-9]'),
  unique (store_id, fulfilment_method, day_of_week, opens_at)
);
create table "stores__new" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses__new"(id) on delete cascade,
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
  updated_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')), order_accept_window_minutes integer
  check (order_accept_window_minutes is null or order_accept_window_minutes between 1 and 240), paused_until text, pause_reason text,
  unique (business_id, slug)
);
create table "time_slots__new" (
  id integer primary key autoincrement,
  store_id integer not null references "stores__new"(id) on delete cascade,
  fulfilment_method text not null check (fulfilment_method in ('delivery', 'collection')),
  -- Local date and times in the store's time zone (timeSlotDate, timeSlotTime).
  slot_date text not null check (slot_date glob '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  starts_at text not null check (starts_at glob '[0-2][0-9]:[0-5][0-9]'),
  ends_at text not null check (ends_at glob '[0-2][0-9]:[0-5][0-9]'),
  -- UTC instants of the same, for comparisons with now.
  start_utc text not null,
  end_utc text not null,
  capacity integer not null check (capacity >= 0),
  reserved_count integer not null default 0 check (reserved_count >= 0 and reserved_count <= capacity),
  is_blocked integer not null default 0 check (is_blocked in (0, 1)),
  unique (store_id, fulfilment_method, slot_date, starts_at)
);
create table "verification_codes__new" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses__new"(id) on delete cascade,
  customer_id integer references "customers__new"(id) on delete cascade,
  purpose text not null check (purpose in ('email_verification', 'forget_me', 'guest_email')),
  destination text not null,
  code_hash text not null,
  attempts integer not null default 0 check (attempts >= 0),
  max_attempts integer not null default 5 check (max_attempts > 0),
  expires_at text not null,
  consumed_at text,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
insert into "amend_pending__new" ("id", "business_id", "order_id", "from_version", "from_total", "new_total", "amount", "change_json", "status", "created_at", "settled_at") select "id", "business_id", "order_id", "from_version", "from_total", "new_total", "amount", "change_json", "status", "created_at", "settled_at" from "amend_pending";
insert into "archived_orders__new" ("id", "business_id", "brand_id", "customer_id", "order_id", "business_order_id", "status", "status_code", "fulfilment_method", "placed_at", "store_id", "items_count", "total", "currency", "r2_key", "archived_at", "restore_token", "email_hash") select "id", "business_id", "brand_id", "customer_id", "order_id", "business_order_id", "status", "status_code", "fulfilment_method", "placed_at", "store_id", "items_count", "total", "currency", "r2_key", "archived_at", "restore_token", "email_hash" from "archived_orders";
insert into "auth_nonces__new" ("id", "business_id", "nonce_hash", "expires_at", "consumed_at", "created_at") select "id", "business_id", "nonce_hash", "expires_at", "consumed_at", "created_at" from "auth_nonces";
insert into "auth_refresh_tokens__new" ("id", "business_id", "customer_id", "kind", "token_hash", "family_id", "parent_id", "device_id", "issued_at", "expires_at", "family_expires_at", "used_at", "revoked_at", "revoked_reason", "user_agent") select "id", "business_id", "customer_id", "kind", "token_hash", "family_id", "parent_id", "device_id", "issued_at", "expires_at", "family_expires_at", "used_at", "revoked_at", "revoked_reason", "user_agent" from "auth_refresh_tokens";
insert into "banner_metrics__new" ("banner_id", "platform", "day", "clicks", "impressions") select "banner_id", "platform", "day", "clicks", "impressions" from "banner_metrics";
insert into "banners__new" ("id", "business_id", "brand_id", "slug", "title", "subtitle", "image_url", "image_width", "image_height", "link_type", "link_category_id", "link_deal_id", "link_menu_item_id", "link_url", "store_id", "category_id", "fulfilment_method", "starts_at", "ends_at", "position", "is_active", "click_count", "impression_count", "created_at", "updated_at") select "id", "business_id", "brand_id", "slug", "title", "subtitle", "image_url", "image_width", "image_height", "link_type", "link_category_id", "link_deal_id", "link_menu_item_id", "link_url", "store_id", "category_id", "fulfilment_method", "starts_at", "ends_at", "position", "is_active", "click_count", "impression_count", "created_at", "updated_at" from "banners";
insert into "basket_line_selections__new" ("id", "basket_line_id", "option_id", "option_value_id", "quantity") select "id", "basket_line_id", "option_id", "option_value_id", "quantity" from "basket_line_selections";
insert into "basket_lines__new" ("id", "basket_id", "menu_item_id", "quantity", "unit_price", "notes", "created_at", "updated_at", "allow_substitutes", "substitute_item_id") select "id", "basket_id", "menu_item_id", "quantity", "unit_price", "notes", "created_at", "updated_at", "allow_substitutes", "substitute_item_id" from "basket_lines";
insert into "basket_meal_deal_choices__new" ("id", "basket_meal_deal_id", "deal_section_id", "menu_item_id", "quantity") select "id", "basket_meal_deal_id", "deal_section_id", "menu_item_id", "quantity" from "basket_meal_deal_choices";
insert into "basket_meal_deals__new" ("id", "basket_id", "deal_id", "quantity", "unit_price", "created_at", "allow_substitutes") select "id", "basket_id", "deal_id", "quantity", "unit_price", "created_at", "allow_substitutes" from "basket_meal_deals";
insert into "basket_tokens__new" ("token_hash", "basket_id", "created_at") select "token_hash", "basket_id", "created_at" from "basket_tokens";
insert into "baskets__new" ("id", "business_id", "store_id", "customer_id", "token_hash", "status", "fulfilment_method", "fulfilment_timing", "coupon_id", "coupon_code", "coupon_needs_reapply", "tip", "location_postcode", "location_latitude", "location_longitude", "delivery_address_json", "billing_address_json", "contact_first_name", "contact_last_name", "contact_email", "contact_phone", "instructions", "age_confirmed_at", "cash_confirmed", "version", "created_at", "updated_at", "terms_accepted_at", "billing_same_as_delivery", "delivery_latitude", "delivery_longitude", "brand_id", "use_credit") select "id", "business_id", "store_id", "customer_id", "token_hash", "status", "fulfilment_method", "fulfilment_timing", "coupon_id", "coupon_code", "coupon_needs_reapply", "tip", "location_postcode", "location_latitude", "location_longitude", "delivery_address_json", "billing_address_json", "contact_first_name", "contact_last_name", "contact_email", "contact_phone", "instructions", "age_confirmed_at", "cash_confirmed", "version", "created_at", "updated_at", "terms_accepted_at", "billing_same_as_delivery", "delivery_latitude", "delivery_longitude", "brand_id", "use_credit" from "baskets";
insert into "brand_domains__new" ("id", "business_id", "brand_id", "host", "environment", "provider_id", "status", "ssl_status", "records_json", "message", "checked_at", "created_at") select "id", "business_id", "brand_id", "host", "environment", "provider_id", "status", "ssl_status", "records_json", "message", "checked_at", "created_at" from "brand_domains";
insert into "brand_hosts__new" ("host", "brand_id", "environment") select "host", "brand_id", "environment" from "brand_hosts";
insert into "brand_links__new" ("id", "brand_id", "kind", "channel", "url", "position") select "id", "brand_id", "kind", "channel", "url", "position" from "brand_links";
insert into "brand_settings__new" ("brand_id", "section", "settings_json", "updated_at") select "brand_id", "section", "settings_json", "updated_at" from "brand_settings";
insert into "brands__new" ("id", "business_id", "slug", "name", "tagline", "meta_description", "logo_url", "logo_width", "logo_height", "favicon_url", "hero_image_url", "primary_color", "primary_text_color", "secondary_color", "accent_color", "background_color", "text_color", "canonical_host", "is_active", "created_at", "updated_at", "order_number_prefix", "font") select "id", "business_id", "slug", "name", "tagline", "meta_description", "logo_url", "logo_width", "logo_height", "favicon_url", "hero_image_url", "primary_color", "primary_text_color", "secondary_color", "accent_color", "background_color", "text_color", "canonical_host", "is_active", "created_at", "updated_at", "order_number_prefix", "font" from "brands";
insert into "businesses__new" ("id", "name", "legal_name", "country_code", "currency", "locale", "time_zone", "support_email", "support_phone", "created_at", "updated_at", "goodwill_order_cap_pence", "goodwill_member_cap_pence", "goodwill_member_period_days", "food_operator_address", "weighed_margin_percent", "order_reasons_json", "amend_cutoff", "amend_cutoff_hours", "order_archive_months", "tax_mode", "tax_provider") select "id", "name", "legal_name", "country_code", "currency", "locale", "time_zone", "support_email", "support_phone", "created_at", "updated_at", "goodwill_order_cap_pence", "goodwill_member_cap_pence", "goodwill_member_period_days", "food_operator_address", "weighed_margin_percent", "order_reasons_json", "amend_cutoff", "amend_cutoff_hours", "order_archive_months", "tax_mode", "tax_provider" from "businesses";
insert into "categories__new" ("id", "business_id", "parent_id", "slug", "name", "description", "image_url", "position", "is_active", "age_restriction", "seo_title", "seo_description", "created_at", "updated_at", "is_tobacco", "is_alcohol") select "id", "business_id", "parent_id", "slug", "name", "description", "image_url", "position", "is_active", "age_restriction", "seo_title", "seo_description", "created_at", "updated_at", "is_tobacco", "is_alcohol" from "categories";
insert into "contact_request_attachments__new" ("id", "contact_request_id", "r2_key", "filename", "content_type", "size_bytes") select "id", "contact_request_id", "r2_key", "filename", "content_type", "size_bytes" from "contact_request_attachments";
insert into "contact_requests__new" ("id", "business_id", "brand_id", "customer_id", "subject", "message", "first_name", "last_name", "email", "phone", "order_number", "status", "created_at") select "id", "business_id", "brand_id", "customer_id", "subject", "message", "first_name", "last_name", "email", "phone", "order_number", "status", "created_at" from "contact_requests";
insert into "content_blocks__new" ("id", "business_id", "brand_id", "placement", "key", "content_json", "position", "is_active", "updated_at") select "id", "business_id", "brand_id", "placement", "key", "content_json", "position", "is_active", "updated_at" from "content_blocks";
insert into "countries__new" ("code", "name", "is_billing", "position") select "code", "name", "is_billing", "position" from "countries";
insert into "coupon_redemptions__new" ("id", "coupon_id", "order_id", "customer_id", "email", "amount", "status", "created_at") select "id", "coupon_id", "order_id", "customer_id", "email", "amount", "status", "created_at" from "coupon_redemptions";
insert into "coupons__new" ("id", "business_id", "code", "description", "kind", "value", "minimum_spend", "maximum_discount", "fulfilment_method", "members_only", "first_order_only", "starts_at", "ends_at", "max_redemptions", "max_redemptions_per_customer", "redemption_count", "is_active", "created_at", "updated_at") select "id", "business_id", "code", "description", "kind", "value", "minimum_spend", "maximum_discount", "fulfilment_method", "members_only", "first_order_only", "starts_at", "ends_at", "max_redemptions", "max_redemptions_per_customer", "redemption_count", "is_active", "created_at", "updated_at" from "coupons";
insert into "customer_addresses__new" ("id", "customer_id", "type", "name", "first_name", "last_name", "address_line1", "address_line2", "town", "county", "postcode", "country_code", "latitude", "longitude", "phone", "is_default", "created_at", "updated_at") select "id", "customer_id", "type", "name", "first_name", "last_name", "address_line1", "address_line2", "town", "county", "postcode", "country_code", "latitude", "longitude", "phone", "is_default", "created_at", "updated_at" from "customer_addresses";
insert into "customer_credit_ledger__new" ("id", "business_id", "customer_id", "amount", "kind", "reference", "order_id", "referral_id", "staff_id", "description", "created_at") select "id", "business_id", "customer_id", "amount", "kind", "reference", "order_id", "referral_id", "staff_id", "description", "created_at" from "customer_credit_ledger";
insert into "customer_identities__new" ("id", "business_id", "customer_id", "provider", "subject", "created_at") select "id", "business_id", "customer_id", "provider", "subject", "created_at" from "customer_identities";
insert into "customers__new" ("id", "business_id", "email", "password_hash", "first_name", "last_name", "phone", "where_heard", "registration_type", "email_verified_at", "retail_member_id", "tokens_valid_after", "status", "last_login_at", "created_at", "updated_at", "default_allow_substitutes") select "id", "business_id", "email", "password_hash", "first_name", "last_name", "phone", "where_heard", "registration_type", "email_verified_at", "retail_member_id", "tokens_valid_after", "status", "last_login_at", "created_at", "updated_at", "default_allow_substitutes" from "customers";
insert into "deal_section_items__new" ("deal_section_id", "menu_item_id", "extra_cost", "position") select "deal_section_id", "menu_item_id", "extra_cost", "position" from "deal_section_items";
insert into "deal_sections__new" ("id", "deal_id", "name", "minimum_selected", "maximum_selected", "position") select "id", "deal_id", "name", "minimum_selected", "maximum_selected", "position" from "deal_sections";
insert into "deals__new" ("id", "business_id", "slug", "name", "description", "kind", "quantity_required", "price", "discount_percent", "discount_amount", "badge_text", "badge_color", "badge_background_color", "image_url", "starts_at", "ends_at", "position", "is_active", "created_at", "updated_at") select "id", "business_id", "slug", "name", "description", "kind", "quantity_required", "price", "discount_percent", "discount_amount", "badge_text", "badge_color", "badge_background_color", "image_url", "starts_at", "ends_at", "position", "is_active", "created_at", "updated_at" from "deals";
insert into "delivery_zones__new" ("id", "store_id", "kind", "radius_km", "outcode", "delivery_fee", "minimum_spend", "is_active") select "id", "store_id", "kind", "radius_km", "outcode", "delivery_fee", "minimum_spend", "is_active" from "delivery_zones";
insert into "devices__new" ("id", "business_id", "customer_id", "messaging_device_id", "platform", "system_version", "device_model", "device_name", "app_version", "promo_consent_level", "created_at", "updated_at") select "id", "business_id", "customer_id", "messaging_device_id", "platform", "system_version", "device_model", "device_name", "app_version", "promo_consent_level", "created_at", "updated_at" from "devices";
insert into "effects__new" ("id", "business_id", "effect_key", "kind", "payload_json", "status", "attempts", "last_error", "lease_until", "dispatched_at", "created_at", "delivered_at") select "id", "business_id", "effect_key", "kind", "payload_json", "status", "attempts", "last_error", "lease_until", "dispatched_at", "created_at", "delivered_at" from "effects";
insert into "email_change_codes__new" ("id", "business_id", "customer_id", "new_email", "code_hash", "attempts", "max_attempts", "expires_at", "consumed_at", "created_at") select "id", "business_id", "customer_id", "new_email", "code_hash", "attempts", "max_attempts", "expires_at", "consumed_at", "created_at" from "email_change_codes";
insert into "faqs__new" ("id", "business_id", "brand_id", "section", "question", "answer", "position", "is_active") select "id", "business_id", "brand_id", "section", "question", "answer", "position", "is_active" from "faqs";
insert into "favourites__new" ("id", "customer_id", "business_id", "menu_item_id", "created_at") select "id", "customer_id", "business_id", "menu_item_id", "created_at" from "favourites";
insert into "geo_addresses__new" ("place_id", "description", "search_key", "address_line1", "address_line2", "town", "county", "postcode", "country_code", "latitude", "longitude") select "place_id", "description", "search_key", "address_line1", "address_line2", "town", "county", "postcode", "country_code", "latitude", "longitude" from "geo_addresses";
insert into "geo_outcodes__new" ("outcode", "latitude", "longitude", "town") select "outcode", "latitude", "longitude", "town" from "geo_outcodes";
insert into "geo_postcodes__new" ("postcode", "outcode", "latitude", "longitude") select "postcode", "outcode", "latitude", "longitude" from "geo_postcodes";
insert into "idempotency_keys__new" ("business_id", "scope", "idempotency_key", "request_hash", "state", "response_status", "response_body", "created_at", "expires_at") select "business_id", "scope", "idempotency_key", "request_hash", "state", "response_status", "response_body", "created_at", "expires_at" from "idempotency_keys";
insert into "insight_rollup_days__new" ("business_id", "scope", "scope_id", "day", "time_zone", "sums_json", "staff_json", "computed_at") select "business_id", "scope", "scope_id", "day", "time_zone", "sums_json", "staff_json", "computed_at" from "insight_rollup_days";
insert into "insight_rollup_runs__new" ("id", "changes_seen_to") select "id", "changes_seen_to" from "insight_rollup_runs";
insert into "interest_requests__new" ("id", "business_id", "brand_id", "email", "postcode", "created_at") select "id", "business_id", "brand_id", "email", "postcode", "created_at" from "interest_requests";
insert into "login_failures__new" ("id", "business_id", "identifier_hash", "failed_at") select "id", "business_id", "identifier_hash", "failed_at" from "login_failures";
insert into "loyalty_accounts__new" ("id", "business_id", "customer_id", "points_balance", "lifetime_points", "created_at", "updated_at") select "id", "business_id", "customer_id", "points_balance", "lifetime_points", "created_at", "updated_at" from "loyalty_accounts";
insert into "loyalty_schemes__new" ("business_id", "name", "points_per_pound", "reward_threshold", "reward_value", "is_active") select "business_id", "name", "points_per_pound", "reward_threshold", "reward_value", "is_active" from "loyalty_schemes";
insert into "loyalty_transactions__new" ("id", "loyalty_account_id", "seq", "points", "kind", "reference", "order_id", "description", "created_at") select "id", "loyalty_account_id", "seq", "points", "kind", "reference", "order_id", "description", "created_at" from "loyalty_transactions";
insert into "marketing_channels__new" ("id", "business_id", "channel", "name", "description", "position") select "id", "business_id", "channel", "name", "description", "position" from "marketing_channels";
insert into "marketing_consents__new" ("id", "business_id", "customer_id", "channel", "opted_in", "source", "recorded_at") select "id", "business_id", "customer_id", "channel", "opted_in", "source", "recorded_at" from "marketing_consents";
insert into "marketing_events__new" ("id", "business_id", "brand_id", "kind", "event_name", "user_key", "payload_json", "created_at") select "id", "business_id", "brand_id", "kind", "event_name", "user_key", "payload_json", "created_at" from "marketing_events";
insert into "marketing_preferences__new" ("customer_id", "marketing_channel_id", "opted_in", "updated_at") select "customer_id", "marketing_channel_id", "opted_in", "updated_at" from "marketing_preferences";
insert into "member_substitution_choices__new" ("customer_id", "menu_item_id", "allow_substitutes", "substitute_item_id", "updated_at") select "customer_id", "menu_item_id", "allow_substitutes", "substitute_item_id", "updated_at" from "member_substitution_choices";
insert into "menu_item_option_value_size_costs__new" ("id", "option_value_id", "size_id", "extra_cost") select "id", "option_value_id", "size_id", "extra_cost" from "menu_item_option_value_size_costs";
insert into "menu_item_option_values__new" ("id", "option_id", "name", "extra_cost", "is_default", "out_of_stock", "position") select "id", "option_id", "name", "extra_cost", "is_default", "out_of_stock", "position" from "menu_item_option_values";
insert into "menu_item_options__new" ("id", "menu_item_id", "name", "placeholder", "minimum_selected", "maximum_selected", "display_as_grid", "mutually_exclusive", "dependent_on", "dependent_on_value_id", "extra_cost_instances_threshold", "is_size", "position") select "id", "menu_item_id", "name", "placeholder", "minimum_selected", "maximum_selected", "display_as_grid", "mutually_exclusive", "dependent_on", "dependent_on_value_id", "extra_cost_instances_threshold", "is_size", "position" from "menu_item_options";
insert into "menu_items__new" ("id", "business_id", "category_id", "slug", "name", "description", "ingredients", "size", "unit_price_label", "price", "was_price", "badge_text", "badge_color", "badge_background_color", "out_of_stock", "tags", "add_to_basket_type", "quick_add", "age_restriction", "max_quantity", "image_originals", "image_mdpi_1x", "image_xhdpi_2x", "image_xxhdpi_3x", "image_width", "image_height", "position", "is_active", "created_at", "updated_at", "was_price_from", "was_price_until", "image_webp_mdpi_1x", "image_webp_xhdpi_2x", "image_webp_xxhdpi_3x", "unit_amount", "allergens_contains", "allergens_may_contain", "nutrition", "storage_use", "country_of_origin", "net_quantity", "food_operator_name", "food_operator_address", "sold_by", "price_per_kg", "unit_grams", "vat_class") select "id", "business_id", "category_id", "slug", "name", "description", "ingredients", "size", "unit_price_label", "price", "was_price", "badge_text", "badge_color", "badge_background_color", "out_of_stock", "tags", "add_to_basket_type", "quick_add", "age_restriction", "max_quantity", "image_originals", "image_mdpi_1x", "image_xhdpi_2x", "image_xxhdpi_3x", "image_width", "image_height", "position", "is_active", "created_at", "updated_at", "was_price_from", "was_price_until", "image_webp_mdpi_1x", "image_webp_xhdpi_2x", "image_webp_xxhdpi_3x", "unit_amount", "allergens_contains", "allergens_may_contain", "nutrition", "storage_use", "country_of_origin", "net_quantity", "food_operator_name", "food_operator_address", "sold_by", "price_per_kg", "unit_grams", "vat_class" from "menu_items";
insert into "newsletter_signups__new" ("id", "business_id", "brand_id", "email", "created_at") select "id", "business_id", "brand_id", "email", "created_at" from "newsletter_signups";
insert into "operator_audit__new" ("id", "business_id", "staff_id", "action", "entity", "entity_id", "before_json", "after_json", "summary", "at") select "id", "business_id", "staff_id", "action", "entity", "entity_id", "before_json", "after_json", "summary", "at" from "operator_audit";
insert into "order_history__new" ("id", "order_id", "actor_staff_id", "role", "action", "from_status", "to_status", "reason", "detail_json", "at") select "id", "order_id", "actor_staff_id", "role", "action", "from_status", "to_status", "reason", "detail_json", "at" from "order_history";
insert into "order_line_picks__new" ("order_line_id", "order_id", "mark", "picked_quantity", "substitute_menu_item_id", "substitute_name", "substitute_quantity", "substitute_unit_price", "charged_price", "refunded_quantity", "marked_by", "marked_at", "version", "picked_grams", "rejected_at", "rejected_by", "rejected_staff_id", "rejected_amount", "rejected_token", "substitute_vat_class") select "order_line_id", "order_id", "mark", "picked_quantity", "substitute_menu_item_id", "substitute_name", "substitute_quantity", "substitute_unit_price", "charged_price", "refunded_quantity", "marked_by", "marked_at", "version", "picked_grams", "rejected_at", "rejected_by", "rejected_staff_id", "rejected_amount", "rejected_token", "substitute_vat_class" from "order_line_picks";
insert into "order_line_selections__new" ("id", "order_line_id", "option_value_id", "option_name", "value_name", "quantity", "extra_cost") select "id", "order_line_id", "option_value_id", "option_name", "value_name", "quantity", "extra_cost" from "order_line_selections";
insert into "order_lines__new" ("id", "order_id", "menu_item_id", "deal_id", "parent_line_id", "kind", "name", "quantity", "unit_price", "total_price", "age_restriction", "position", "allow_substitutes", "sold_by", "price_per_kg", "unit_grams", "substitute_item_id", "vat_class", "vat_rate", "tax_amount") select "id", "order_id", "menu_item_id", "deal_id", "parent_line_id", "kind", "name", "quantity", "unit_price", "total_price", "age_restriction", "position", "allow_substitutes", "sold_by", "price_per_kg", "unit_grams", "substitute_item_id", "vat_class", "vat_rate", "tax_amount" from "order_lines";
insert into "order_status_history__new" ("id", "order_id", "status", "status_code", "note", "created_at") select "id", "order_id", "status", "status_code", "note", "created_at" from "order_status_history";
insert into "orders__new" ("id", "business_id", "brand_id", "store_id", "customer_id", "basket_id", "business_order_id", "status", "status_code", "fulfilment_method", "fulfilment_timing", "slot_date", "slot_starts_at", "slot_ends_at", "slot_start_utc", "channel", "platform", "payment_method", "payment_gateway", "first_name", "last_name", "email", "phone", "delivery_address_json", "billing_address_json", "delivery_latitude", "delivery_longitude", "instructions", "messaging_device_id", "referral_customer_id", "referral_partner_id", "coupon_id", "coupon_code", "cash_confirmed", "age_verified", "subtotal", "discount_total", "delivery_cost", "service_fee", "delivery_tip", "credit_applied", "tip_refund", "refund", "original_total", "total_adjustment", "total", "currency", "loyalty_points_earned", "driver_latitude", "driver_longitude", "driver_updated_at", "placed_at", "completed_at", "created_at", "updated_at", "basket_version", "coupon_discount", "idempotency_key", "accepted_at", "estimated_ready_at", "picking_started_at", "ready_for_collection_at", "driver_id", "closing_reason", "accept_alerted_at", "action_token", "pricing_terms_json", "picking_difference", "picks_version", "weighed_margin_percent", "weighed_extra", "amend_version", "restored_at", "vat_rates", "tax_total", "tax_json", "tax_reference") select "id", "business_id", "brand_id", "store_id", "customer_id", "basket_id", "business_order_id", "status", "status_code", "fulfilment_method", "fulfilment_timing", "slot_date", "slot_starts_at", "slot_ends_at", "slot_start_utc", "channel", "platform", "payment_method", "payment_gateway", "first_name", "last_name", "email", "phone", "delivery_address_json", "billing_address_json", "delivery_latitude", "delivery_longitude", "instructions", "messaging_device_id", "referral_customer_id", "referral_partner_id", "coupon_id", "coupon_code", "cash_confirmed", "age_verified", "subtotal", "discount_total", "delivery_cost", "service_fee", "delivery_tip", "credit_applied", "tip_refund", "refund", "original_total", "total_adjustment", "total", "currency", "loyalty_points_earned", "driver_latitude", "driver_longitude", "driver_updated_at", "placed_at", "completed_at", "created_at", "updated_at", "basket_version", "coupon_discount", "idempotency_key", "accepted_at", "estimated_ready_at", "picking_started_at", "ready_for_collection_at", "driver_id", "closing_reason", "accept_alerted_at", "action_token", "pricing_terms_json", "picking_difference", "picks_version", "weighed_margin_percent", "weighed_extra", "amend_version", "restored_at", "vat_rates", "tax_total", "tax_json", "tax_reference" from "orders";
insert into "otp_codes__new" ("id", "business_id", "customer_id", "channel", "destination", "code_hash", "request_id", "attempts", "max_attempts", "expires_at", "consumed_at", "created_at") select "id", "business_id", "customer_id", "channel", "destination", "code_hash", "request_id", "attempts", "max_attempts", "expires_at", "consumed_at", "created_at" from "otp_codes";
insert into "outbox__new" ("id", "business_id", "brand_id", "channel", "recipient", "template", "payload_json", "status", "attempts", "last_error", "send_after", "sent_at", "created_at", "idempotency_key") select "id", "business_id", "brand_id", "channel", "recipient", "template", "payload_json", "status", "attempts", "last_error", "send_after", "sent_at", "created_at", "idempotency_key" from "outbox";
insert into "password_reset_codes__new" ("id", "customer_id", "token_hash", "expires_at", "used_at", "created_at") select "id", "customer_id", "token_hash", "expires_at", "used_at", "created_at" from "password_reset_codes";
insert into "payment_refunds__new" ("id", "business_id", "payment_id", "kind", "reference", "amount", "reason", "status", "result_code", "result_message", "action_ref", "created_at", "updated_at", "reconcile_attempts", "reconcile_after", "reconciled_at") select "id", "business_id", "payment_id", "kind", "reference", "amount", "reason", "status", "result_code", "result_message", "action_ref", "created_at", "updated_at", "reconcile_attempts", "reconcile_after", "reconciled_at" from "payment_refunds";
insert into "payments__new" ("id", "business_id", "order_id", "gateway", "method", "status", "amount", "amount_refunded", "currency", "gateway_order_id", "external_ref", "auth_code", "result_code", "result_message", "saved_card_id", "save_card", "idempotency_key", "created_at", "updated_at", "customer_id", "success_url", "failure_url", "cancel_url", "response_url", "payer_ref", "pmt_ref", "completed_at", "shopper_message", "void_reason", "voided_at", "void_result_code", "void_result_message", "card_brand", "card_last4", "capture_later", "captured_amount", "capture_unknown", "void_tries", "amend_pending_id") select "id", "business_id", "order_id", "gateway", "method", "status", "amount", "amount_refunded", "currency", "gateway_order_id", "external_ref", "auth_code", "result_code", "result_message", "saved_card_id", "save_card", "idempotency_key", "created_at", "updated_at", "customer_id", "success_url", "failure_url", "cancel_url", "response_url", "payer_ref", "pmt_ref", "completed_at", "shopper_message", "void_reason", "voided_at", "void_result_code", "void_result_message", "card_brand", "card_last4", "capture_later", "captured_amount", "capture_unknown", "void_tries", "amend_pending_id" from "payments";
insert into "postcode_rules__new" ("business_id", "country_code", "pattern", "normalisation", "example") select "business_id", "country_code", "pattern", "normalisation", "example" from "postcode_rules";
insert into "referral_codes__new" ("id", "business_id", "customer_id", "code", "created_at") select "id", "business_id", "customer_id", "code", "created_at" from "referral_codes";
insert into "referral_decisions__new" ("id", "business_id", "referral_id", "referral_code", "customer_id", "decision", "reason", "created_at") select "id", "business_id", "referral_id", "referral_code", "customer_id", "decision", "reason", "created_at" from "referral_decisions";
insert into "referral_schemes__new" ("business_id", "reward_amount", "monthly_cap", "is_active") select "business_id", "reward_amount", "monthly_cap", "is_active" from "referral_schemes";
insert into "referrals__new" ("id", "business_id", "referral_code_id", "referrer_customer_id", "referee_customer_id", "status", "reward_amount", "qualifying_order_id", "rewarded_at", "created_at", "referee_device_id") select "id", "business_id", "referral_code_id", "referrer_customer_id", "referee_customer_id", "status", "reward_amount", "qualifying_order_id", "rewarded_at", "created_at", "referee_device_id" from "referrals";
insert into "reviews__new" ("id", "order_id", "customer_id", "star_rating", "comment", "created_at", "store_id", "updated_at") select "id", "order_id", "customer_id", "star_rating", "comment", "created_at", "store_id", "updated_at" from "reviews";
insert into "sandbox_frames_payments__new" ("id", "reference", "amount", "currency", "source_id", "status", "response_code", "response_summary", "success_url", "failure_url", "created_at", "settled", "auto_capture", "captured_amount") select "id", "reference", "amount", "currency", "source_id", "status", "response_code", "response_summary", "success_url", "failure_url", "created_at", "settled", "auto_capture", "captured_amount" from "sandbox_frames_payments";
insert into "sandbox_frames_sources__new" ("id", "brand", "last4", "expiry_month", "expiry_year", "result_code", "challenge", "created_at") select "id", "brand", "last4", "expiry_month", "expiry_year", "result_code", "challenge", "created_at" from "sandbox_frames_sources";
insert into "sandbox_frames_tokens__new" ("token", "kind", "brand", "last4", "expiry_month", "expiry_year", "result_code", "challenge", "used_at", "created_at") select "token", "kind", "brand", "last4", "expiry_month", "expiry_year", "result_code", "challenge", "used_at", "created_at" from "sandbox_frames_tokens";
insert into "sandbox_hpp_requests__new" ("order_id", "merchant_id", "account", "amount", "currency", "response_url", "cancel_url", "card_storage", "payer_ref", "pmt_ref", "select_stored_card", "status", "challenge_brand", "challenge_last4", "challenge_expiry", "result_code", "pasref", "voided_at", "created_at", "settled", "auto_settle", "captured_amount") select "order_id", "merchant_id", "account", "amount", "currency", "response_url", "cancel_url", "card_storage", "payer_ref", "pmt_ref", "select_stored_card", "status", "challenge_brand", "challenge_last4", "challenge_expiry", "result_code", "pasref", "voided_at", "created_at", "settled", "auto_settle", "captured_amount" from "sandbox_hpp_requests";
insert into "sandbox_identity_keys__new" ("kid", "private_jwk", "public_jwk", "created_at") select "kid", "private_jwk", "public_jwk", "created_at" from "sandbox_identity_keys";
insert into "sandbox_refunds__new" ("id", "provider", "transaction_ref", "amount", "currency", "reference", "action_id", "created_at") select "id", "provider", "transaction_ref", "amount", "currency", "reference", "action_id", "created_at" from "sandbox_refunds";
insert into "sandbox_stored_cards__new" ("id", "merchant_id", "payer_ref", "pmt_ref", "brand", "last4", "expiry", "cardholder_name", "result_code", "created_at") select "id", "merchant_id", "payer_ref", "pmt_ref", "brand", "last4", "expiry", "cardholder_name", "result_code", "created_at" from "sandbox_stored_cards";
insert into "sandbox_wallet_tokens__new" ("id", "wallet", "outcome", "used_at", "created_at") select "id", "wallet", "outcome", "used_at", "created_at" from "sandbox_wallet_tokens";
insert into "saved_cards__new" ("id", "customer_id", "gateway", "token", "brand", "last4", "expiry_month", "expiry_year", "cardholder_name", "is_default", "created_at") select "id", "customer_id", "gateway", "token", "brand", "last4", "expiry_month", "expiry_year", "cardholder_name", "is_default", "created_at" from "saved_cards";
insert into "seo_metadata__new" ("id", "business_id", "brand_id", "path", "title", "description", "noindex", "canonical_path") select "id", "business_id", "brand_id", "path", "title", "description", "noindex", "canonical_path" from "seo_metadata";
insert into "seo_pages__new" ("id", "business_id", "brand_id", "slug", "title", "meta_description", "heading", "body", "noindex", "updated_at") select "id", "business_id", "brand_id", "slug", "title", "meta_description", "heading", "body", "noindex", "updated_at" from "seo_pages";
insert into "seo_redirects__new" ("id", "business_id", "from_slug", "to_path", "status_code") select "id", "business_id", "from_slug", "to_path", "status_code" from "seo_redirects";
insert into "sitemaps__new" ("id", "brand_id", "name", "body", "generated_at") select "id", "brand_id", "name", "body", "generated_at" from "sitemaps";
insert into "slot_reservations__new" ("id", "time_slot_id", "store_id", "basket_id", "order_id", "fulfilment_method", "is_asap", "status", "postcode", "latitude", "longitude", "expires_at", "confirmed_at", "released_at", "created_at") select "id", "time_slot_id", "store_id", "basket_id", "order_id", "fulfilment_method", "is_asap", "status", "postcode", "latitude", "longitude", "expires_at", "confirmed_at", "released_at", "created_at" from "slot_reservations";
insert into "social_link_requests__new" ("id", "business_id", "customer_id", "provider", "subject", "token_hash", "expires_at", "consumed_at", "created_at") select "id", "business_id", "customer_id", "provider", "subject", "token_hash", "expires_at", "consumed_at", "created_at" from "social_link_requests";
insert into "staff_accounts__new" ("id", "business_id", "email", "name", "password_hash", "status", "is_operator", "last_sign_in_at", "created_at", "updated_at") select "id", "business_id", "email", "name", "password_hash", "status", "is_operator", "last_sign_in_at", "created_at", "updated_at" from "staff_accounts";
insert into "staff_invitations__new" ("id", "business_id", "staff_id", "token_hash", "role", "store_ids_json", "invited_by", "expires_at", "accepted_at", "retired_at", "created_at") select "id", "business_id", "staff_id", "token_hash", "role", "store_ids_json", "invited_by", "expires_at", "accepted_at", "retired_at", "created_at" from "staff_invitations";
insert into "staff_refresh_tokens__new" ("id", "session_id", "token_hash", "expires_at", "used_at", "created_at") select "id", "session_id", "token_hash", "expires_at", "used_at", "created_at" from "staff_refresh_tokens";
insert into "staff_sessions__new" ("id", "business_id", "staff_id", "created_at", "expires_at", "revoked_at", "revoked_reason", "user_agent") select "id", "business_id", "staff_id", "created_at", "expires_at", "revoked_at", "revoked_reason", "user_agent" from "staff_sessions";
insert into "staff_sign_in_codes__new" ("id", "business_id", "staff_id", "challenge_id", "code_hash", "attempts", "max_attempts", "expires_at", "consumed_at", "created_at") select "id", "business_id", "staff_id", "challenge_id", "code_hash", "attempts", "max_attempts", "expires_at", "consumed_at", "created_at" from "staff_sign_in_codes";
insert into "staff_store_roles__new" ("staff_id", "store_id", "role", "created_at") select "staff_id", "store_id", "role", "created_at" from "staff_store_roles";
insert into "store_closures__new" ("id", "store_id", "closed_on", "reason") select "id", "store_id", "closed_on", "reason" from "store_closures";
insert into "store_menu_items__new" ("store_id", "menu_item_id", "price", "was_price", "out_of_stock", "is_available", "stock_quantity", "updated_at", "was_price_from", "was_price_until") select "store_id", "menu_item_id", "price", "was_price", "out_of_stock", "is_available", "stock_quantity", "updated_at", "was_price_from", "was_price_until" from "store_menu_items";
insert into "store_opening_hours__new" ("id", "store_id", "fulfilment_method", "day_of_week", "opens_at", "closes_at") select "id", "store_id", "fulfilment_method", "day_of_week", "opens_at", "closes_at" from "store_opening_hours";
insert into "stores__new" ("id", "business_id", "slug", "name", "description", "phone", "email", "address_line1", "address_line2", "town", "county", "postcode", "country_code", "latitude", "longitude", "time_zone", "is_active", "is_temporarily_closed", "delivery_enabled", "collection_enabled", "delivery_radius_km", "delivery_fee", "collection_fee", "service_fee", "free_delivery_threshold", "minimum_spend", "collection_minimum_spend", "days_in_advance", "accepts_card", "accepts_apple_pay", "accepts_google_pay", "accepts_cash", "asap_enabled", "delivery_lead_minutes", "collection_lead_minutes", "slot_duration_minutes", "slot_capacity", "max_basket_items", "image_url", "seo_title", "seo_description", "created_at", "updated_at", "order_accept_window_minutes", "paused_until", "pause_reason") select "id", "business_id", "slug", "name", "description", "phone", "email", "address_line1", "address_line2", "town", "county", "postcode", "country_code", "latitude", "longitude", "time_zone", "is_active", "is_temporarily_closed", "delivery_enabled", "collection_enabled", "delivery_radius_km", "delivery_fee", "collection_fee", "service_fee", "free_delivery_threshold", "minimum_spend", "collection_minimum_spend", "days_in_advance", "accepts_card", "accepts_apple_pay", "accepts_google_pay", "accepts_cash", "asap_enabled", "delivery_lead_minutes", "collection_lead_minutes", "slot_duration_minutes", "slot_capacity", "max_basket_items", "image_url", "seo_title", "seo_description", "created_at", "updated_at", "order_accept_window_minutes", "paused_until", "pause_reason" from "stores";
insert into "time_slots__new" ("id", "store_id", "fulfilment_method", "slot_date", "starts_at", "ends_at", "start_utc", "end_utc", "capacity", "reserved_count", "is_blocked") select "id", "store_id", "fulfilment_method", "slot_date", "starts_at", "ends_at", "start_utc", "end_utc", "capacity", "reserved_count", "is_blocked" from "time_slots";
insert into "verification_codes__new" ("id", "business_id", "customer_id", "purpose", "destination", "code_hash", "attempts", "max_attempts", "expires_at", "consumed_at", "created_at") select "id", "business_id", "customer_id", "purpose", "destination", "code_hash", "attempts", "max_attempts", "expires_at", "consumed_at", "created_at" from "verification_codes";
pragma defer_foreign_keys = off;
drop table "verification_codes";
drop table "store_opening_hours";
drop table "store_menu_items";
drop table "store_closures";
drop table "staff_store_roles";
drop table "staff_sign_in_codes";
drop table "staff_refresh_tokens";
drop table "staff_sessions";
drop table "staff_invitations";
drop table "social_link_requests";
drop table "slot_reservations";
drop table "time_slots";
drop table "sitemaps";
drop table "seo_redirects";
drop table "seo_pages";
drop table "seo_metadata";
drop table "sandbox_wallet_tokens";
drop table "sandbox_stored_cards";
drop table "sandbox_refunds";
drop table "sandbox_identity_keys";
drop table "sandbox_hpp_requests";
drop table "sandbox_frames_tokens";
drop table "sandbox_frames_sources";
drop table "sandbox_frames_payments";
drop table "reviews";
drop table "referral_schemes";
drop table "referral_decisions";
drop table "postcode_rules";
drop table "payment_refunds";
drop table "payments";
drop table "saved_cards";
drop table "password_reset_codes";
drop table "outbox";
drop table "otp_codes";
drop table "order_status_history";
drop table "order_line_selections";
drop table "order_line_picks";
drop table "order_lines";
drop table "order_history";
drop table "operator_audit";
drop table "newsletter_signups";
drop table "menu_item_option_value_size_costs";
drop table "member_substitution_choices";
drop table "marketing_preferences";
drop table "marketing_events";
drop table "marketing_consents";
drop table "marketing_channels";
drop table "loyalty_transactions";
drop table "loyalty_schemes";
drop table "loyalty_accounts";
drop table "login_failures";
drop table "interest_requests";
drop table "insight_rollup_runs";
drop table "insight_rollup_days";
drop table "idempotency_keys";
drop table "geo_postcodes";
drop table "geo_outcodes";
drop table "geo_addresses";
drop table "favourites";
drop table "faqs";
drop table "email_change_codes";
drop table "effects";
drop table "delivery_zones";
drop table "deal_section_items";
drop table "customer_identities";
drop table "customer_credit_ledger";
drop table "referrals";
drop table "referral_codes";
drop table "customer_addresses";
drop table "coupon_redemptions";
drop table "countries";
drop table "content_blocks";
drop table "contact_request_attachments";
drop table "contact_requests";
drop table "brand_settings";
drop table "brand_links";
drop table "brand_hosts";
drop table "brand_domains";
drop table "basket_tokens";
drop table "basket_meal_deal_choices";
drop table "basket_meal_deals";
drop table "deal_sections";
drop table "basket_line_selections";
drop table "basket_lines";
drop table "menu_item_options";
drop table "menu_item_option_values";
drop table "banner_metrics";
drop table "banners";
drop table "deals";
drop table "menu_items";
drop table "categories";
drop table "auth_refresh_tokens";
drop table "devices";
drop table "auth_nonces";
drop table "archived_orders";
drop table "amend_pending";
drop table "orders";
drop table "baskets";
drop table "stores";
drop table "brands";
drop table "customers";
drop table "coupons";
drop table "staff_accounts";
drop table "businesses";
pragma defer_foreign_keys = on;
create table "amend_pending" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses"(id),
  order_id integer not null references "orders"(id) on delete cascade,
  from_version integer not null check (from_version >= 0),
  from_total integer not null check (from_total >= 0),
  new_total integer not null check (new_total >= 0),
  amount integer not null check (amount > 0),
  change_json text not null,
  status text not null default 'pending'
    check (status in ('pending', 'applied', 'abandoned', 'superseded')),
  created_at text not null,
  settled_at text
);
create table "archived_orders" (
  id integer primary key,
  business_id integer not null references "businesses"(id) on delete cascade,
  brand_id integer references "brands"(id) on delete set null,
  customer_id integer references "customers"(id) on delete set null,
  -- The order's own id, kept so a restore puts it back under the same one. Not unique: a shard
  -- may give a deleted newest row's id to the next order (rowids without autoincrement), and a
  -- restore whose ids are taken again is refused (ADR 050).
  order_id integer not null,
  business_order_id text not null,
  status text not null,
  status_code integer,
  fulfilment_method text not null check (fulfilment_method in ('delivery', 'collection')),
  placed_at text not null,
  store_id integer not null references "stores"(id),
  items_count integer not null check (items_count >= 0),
  total integer not null check (total >= 0),
  currency text not null,
  r2_key text not null,
  archived_at text not null,
  -- A restore in flight claims the row with its token (ADR 050): of concurrent restores only the
  -- claimant's batch writes the order back.
  restore_token text, email_hash text,
  unique (business_id, business_order_id)
);
create table "auth_nonces" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses"(id) on delete cascade,
  -- SHA-256 (hex) of the nonce; the nonce itself is never stored.
  nonce_hash text not null unique,
  expires_at text not null,
  consumed_at text,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
create table "auth_refresh_tokens" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses"(id) on delete cascade,
  -- Guest sessions have no customer.
  customer_id integer references "customers"(id) on delete cascade,
  kind text not null check (kind in ('guest', 'member'))
    check (kind = 'guest' or customer_id is not null),
  -- SHA-256 (hex) of the opaque token; the token itself is never stored.
  token_hash text not null unique,
  family_id text not null,
  parent_id integer references "auth_refresh_tokens"(id) on delete set null,
  device_id integer references "devices"(id) on delete set null,
  issued_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  expires_at text not null,
  -- Absolute end of the family, carried from the first token (ASVS 10.4.8).
  family_expires_at text not null,
  used_at text,
  revoked_at text,
  revoked_reason text check (revoked_reason is null
    or revoked_reason in ('logout', 'reuse_detected', 'password_changed', 'logout_all', 'forgotten')),
  user_agent text
);
create table "banner_metrics" (
  banner_id integer not null references "banners"(id) on delete cascade,
  platform text not null check (platform in ('web', 'ios', 'android')),
  day text not null,
  clicks integer not null default 0 check (clicks >= 0),
  impressions integer not null default 0 check (impressions >= 0),
  primary key (banner_id, platform, day)
) without rowid;
create table "banners" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses"(id) on delete cascade,
  -- Null = every brand of the business.
  brand_id integer references "brands"(id) on delete cascade,
  slug text not null,
  title text not null,
  subtitle text,
  image_url text not null,
  image_width integer not null default 1200 check (image_width > 0),
  image_height integer not null default 400 check (image_height > 0),
  -- Where a click goes: a category, a deal, an item, an outside URL or nowhere.
  link_type text not null default 'none'
    check (link_type in ('none', 'category', 'deal', 'menu_item', 'url')),
  link_category_id integer references "categories"(id) on delete set null,
  link_deal_id integer references "deals"(id) on delete set null,
  link_menu_item_id integer references "menu_items"(id) on delete set null,
  link_url text,
  -- Where it shows: store home (category_id null) or a category page; null store = all stores.
  store_id integer references "stores"(id) on delete cascade,
  category_id integer references "categories"(id) on delete cascade,
  fulfilment_method text check (fulfilment_method is null or fulfilment_method in ('delivery', 'collection')),
  starts_at text,
  ends_at text,
  position integer not null default 0,
  is_active integer not null default 1 check (is_active in (0, 1)),
  click_count integer not null default 0 check (click_count >= 0),
  impression_count integer not null default 0 check (impression_count >= 0),
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  unique (business_id, slug)
);
create table "basket_line_selections" (
  id integer primary key autoincrement,
  basket_line_id integer not null references "basket_lines"(id) on delete cascade,
  option_id integer not null references "menu_item_options"(id) on delete cascade,
  option_value_id integer not null references "menu_item_option_values"(id) on delete cascade,
  quantity integer not null default 1 check (quantity > 0),
  unique (basket_line_id, option_value_id)
);
create table "basket_lines" (
  id integer primary key autoincrement,
  basket_id integer not null references "baskets"(id) on delete cascade,
  menu_item_id integer not null references "menu_items"(id) on delete cascade,
  quantity integer not null check (quantity > 0),
  -- Unit price (item + options) when added: a change shows 'promotions/prices may have changed'.
  unit_price integer not null check (unit_price >= 0),
  notes text,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
, allow_substitutes integer not null default 1
  check (allow_substitutes in (0, 1)), substitute_item_id integer
  references "menu_items"(id) on delete set null);
create table "basket_meal_deal_choices" (
  id integer primary key autoincrement,
  basket_meal_deal_id integer not null references "basket_meal_deals"(id) on delete cascade,
  deal_section_id integer not null references "deal_sections"(id) on delete cascade,
  menu_item_id integer not null references "menu_items"(id) on delete cascade,
  quantity integer not null default 1 check (quantity > 0)
);
create table "basket_meal_deals" (
  id integer primary key autoincrement,
  basket_id integer not null references "baskets"(id) on delete cascade,
  deal_id integer not null references "deals"(id) on delete cascade,
  quantity integer not null default 1 check (quantity > 0),
  unit_price integer not null check (unit_price >= 0),
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
, allow_substitutes integer not null default 1
  check (allow_substitutes in (0, 1)));
create table "basket_tokens" (
  token_hash text primary key,
  basket_id integer not null references "baskets"(id) on delete cascade,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
create table "baskets" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses"(id) on delete cascade,
  store_id integer references "stores"(id) on delete set null,
  -- Null while the shopper is a guest; set when a member signs in.
  customer_id integer references "customers"(id) on delete set null,
  -- SHA-256 (hex) of the opaque basketToken held by the client.
  token_hash text not null unique,
  status text not null default 'active' check (status in ('active', 'checked_out', 'abandoned')),
  fulfilment_method text not null default 'delivery' check (fulfilment_method in ('delivery', 'collection')),
  fulfilment_timing text not null default 'asap' check (fulfilment_timing in ('asap', 'future')),
  coupon_id integer references "coupons"(id) on delete set null,
  coupon_code text,
  -- Spec §4: a coupon can need re-applying after the shopper signs in.
  coupon_needs_reapply integer not null default 0 check (coupon_needs_reapply in (0, 1)),
  tip integer not null default 0 check (tip >= 0),
  -- fulfilmentLocation: where the shopper searched from, and the delivery address once set.
  location_postcode text,
  location_latitude real,
  location_longitude real,
  delivery_address_json text check (delivery_address_json is null or json_valid(delivery_address_json)),
  billing_address_json text check (billing_address_json is null or json_valid(billing_address_json)),
  contact_first_name text,
  contact_last_name text,
  contact_email text,
  contact_phone text,
  instructions text,
  age_confirmed_at text,
  cash_confirmed integer not null default 0 check (cash_confirmed in (0, 1)),
  -- Incremented on every change, so checkout can tell the basket moved under it.
  version integer not null default 1 check (version >= 1),
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
, terms_accepted_at text, billing_same_as_delivery integer not null default 0
  check (billing_same_as_delivery in (0, 1)), delivery_latitude real check (delivery_latitude between -90 and 90), delivery_longitude real check (delivery_longitude between -180 and 180), brand_id integer references "brands"(id) on delete set null, use_credit integer not null default 1 check (use_credit in (0, 1)));
create table "brand_domains" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses"(id) on delete cascade,
  brand_id integer not null references "brands"(id) on delete cascade,
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
create table "brand_hosts" (
  host text primary key,
  brand_id integer not null references "brands"(id) on delete cascade,
  -- production, preprod, dev, staging or local: sitemaps answer 404 on other hosts (spec §2).
  environment text not null default 'production'
    check (environment in ('production', 'preprod', 'dev', 'staging', 'local'))
);
create table "brand_links" (
  id integer primary key autoincrement,
  brand_id integer not null references "brands"(id) on delete cascade,
  kind text not null check (kind in ('social', 'app_store')),
  channel text not null check (channel in ('facebook', 'twitter', 'instagram', 'ios', 'android')),
  url text not null,
  position integer not null default 0,
  unique (brand_id, channel)
);
create table "brand_settings" (
  brand_id integer not null references "brands"(id) on delete cascade,
  section text not null check (section in (
    'store', 'checkout', 'home', 'pages', 'faq', 'contact', 'branding-pages',
    'login', 'register', 'forgot-password', 'reset-password'
  )),
  settings_json text not null default '{}' check (json_valid(settings_json)),
  updated_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  primary key (brand_id, section)
);
create table "brands" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses"(id) on delete cascade,
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
, order_number_prefix text
  check (order_number_prefix is null or (length(order_number_prefix) between 2 and 6
    and order_number_prefix not glob '*[^A-Z0-9]*')), font text not null default 'system'
  check (font in ('system', 'humanist', 'geometric', 'classical', 'rounded')));
create table "businesses" (
  id integer primary key autoincrement,
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
, goodwill_order_cap_pence integer not null default 2000
  check (goodwill_order_cap_pence >= 0), goodwill_member_cap_pence integer not null default 5000
  check (goodwill_member_cap_pence >= 0), goodwill_member_period_days integer not null default 30
  check (goodwill_member_period_days between 1 and 366), food_operator_address text, weighed_margin_percent integer not null default 10
  check (weighed_margin_percent between 0 and 100), order_reasons_json text
  check (order_reasons_json is null or json_valid(order_reasons_json)), amend_cutoff text not null default 'picking_starts'
  check (amend_cutoff in ('picking_starts', 'hours_before_slot')), amend_cutoff_hours integer not null default 0
  check (amend_cutoff_hours between 0 and 168), order_archive_months integer not null default 24
  check (order_archive_months between 6 and 120), tax_mode text not null default 'included'
  check (tax_mode in ('included', 'added_at_checkout')), tax_provider text not null default 'local'
  check (tax_provider in ('local', 'stripe-tax')));
create table "categories" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses"(id) on delete cascade,
  parent_id integer references "categories"(id) on delete cascade,
  slug text not null,
  name text not null,
  description text,
  -- Base path of the category picture; densities are <image_url>/<density>.svg (see menu_items).
  image_url text,
  position integer not null default 0,
  is_active integer not null default 1 check (is_active in (0, 1)),
  -- 18 when every item in the category needs an age check (beer, wine and spirits; tobacco).
  age_restriction integer check (age_restriction is null or age_restriction between 1 and 25),
  seo_title text,
  seo_description text,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')), is_tobacco integer not null default 0 check (is_tobacco in (0, 1)), is_alcohol integer not null default 0 check (is_alcohol in (0, 1)),
  unique (business_id, slug)
);
create table "contact_request_attachments" (
  id integer primary key autoincrement,
  contact_request_id integer not null references "contact_requests"(id) on delete cascade,
  -- Server-generated R2 key (a UUID), never the uploaded filename.
  r2_key text not null unique,
  filename text not null,
  content_type text not null,
  size_bytes integer not null check (size_bytes > 0)
);
create table "contact_requests" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses"(id) on delete cascade,
  brand_id integer references "brands"(id) on delete set null,
  customer_id integer references "customers"(id) on delete set null,
  subject text not null,
  message text not null,
  first_name text not null,
  last_name text not null,
  email text not null,
  phone text,
  order_number text,
  status text not null default 'new' check (status in ('new', 'in_progress', 'closed')),
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
create table "content_blocks" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses"(id) on delete cascade,
  brand_id integer references "brands"(id) on delete cascade,
  placement text not null check (placement in ('home', 'header', 'footer')),
  key text not null,
  content_json text not null check (json_valid(content_json)),
  position integer not null default 0,
  is_active integer not null default 1 check (is_active in (0, 1)),
  updated_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
create table "countries" (
  code text primary key,
  name text not null,
  is_billing integer not null default 1 check (is_billing in (0, 1)),
  position integer not null default 100
);
create table "coupon_redemptions" (
  id integer primary key autoincrement,
  coupon_id integer not null references "coupons"(id) on delete cascade,
  order_id integer not null references "orders"(id) on delete cascade,
  customer_id integer references "customers"(id) on delete set null,
  -- Lower-cased email, so per-customer limits also hold for guest orders.
  email text not null,
  amount integer not null check (amount >= 0),
  status text not null default 'reserved' check (status in ('reserved', 'redeemed', 'released')),
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  unique (coupon_id, order_id)
);
create table "coupons" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses"(id) on delete cascade,
  -- Stored upper case; shoppers' input is upper-cased before lookup.
  code text not null,
  description text,
  kind text not null check (kind in ('percent', 'amount', 'free_delivery')),
  -- Percent (1–100) for 'percent', pence for 'amount', 0 for 'free_delivery'.
  value integer not null check (value >= 0)
    check ((kind = 'percent' and value between 1 and 100) or (kind = 'amount' and value > 0)
    or (kind = 'free_delivery' and value = 0)),
  minimum_spend integer not null default 0 check (minimum_spend >= 0),
  maximum_discount integer check (maximum_discount is null or maximum_discount > 0),
  fulfilment_method text check (fulfilment_method is null or fulfilment_method in ('delivery', 'collection')),
  members_only integer not null default 0 check (members_only in (0, 1)),
  first_order_only integer not null default 0 check (first_order_only in (0, 1)),
  starts_at text,
  ends_at text,
  -- Redeem with `update coupons set redemption_count = redemption_count + 1 where id = ? and
  -- (max_redemptions is null or redemption_count < max_redemptions)` and check changes.
  max_redemptions integer check (max_redemptions is null or max_redemptions > 0),
  max_redemptions_per_customer integer
    check (max_redemptions_per_customer is null or max_redemptions_per_customer > 0),
  redemption_count integer not null default 0
    check (redemption_count >= 0 and (max_redemptions is null or redemption_count <= max_redemptions)),
  is_active integer not null default 1 check (is_active in (0, 1)),
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  unique (business_id, code)
);
create table "customer_addresses" (
  id integer primary key autoincrement,
  customer_id integer not null references "customers"(id) on delete cascade,
  type text not null check (type in ('delivery', 'billing')),
  -- The shopper's label for it ('Home', 'Work').
  name text,
  first_name text,
  last_name text,
  address_line1 text not null,
  address_line2 text,
  town text not null,
  county text,
  postcode text not null,
  country_code text not null default 'GB' references "countries"(code),
  latitude real,
  longitude real,
  phone text,
  is_default integer not null default 0 check (is_default in (0, 1)),
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
create table "customer_credit_ledger" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses"(id) on delete cascade,
  customer_id integer not null references "customers"(id) on delete cascade,
  -- Pence, signed: credit given > 0, credit spent < 0.
  amount integer not null check (amount <> 0),
  kind text not null check (kind in (
    'loyalty_reward', 'referral_reward', 'goodwill', 'refund_as_credit',
    'order_payment', 'order_credit_returned', 'adjustment'
  )),
  -- What the entry is for, unique per member: 'order:41:spend', 'referral:7:referrer', ...
  reference text not null,
  order_id integer references "orders"(id) on delete set null,
  referral_id integer references "referrals"(id) on delete set null,
  staff_id integer references "staff_accounts"(id) on delete set null,
  -- Why, in words the member reads on their credit history.
  description text not null,
  created_at text not null,
  unique (customer_id, reference)
);
create table "customer_identities" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses"(id) on delete cascade,
  customer_id integer not null references "customers"(id) on delete cascade,
  provider text not null check (provider in ('facebook', 'google', 'apple')),
  -- The provider's `sub` claim.
  subject text not null,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  unique (business_id, provider, subject)
);
create table "customers" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses"(id) on delete cascade,
  -- Lower-cased and trimmed before storing and lookup.
  email text not null,
  -- 'scheme$iterations$salt$hash'; null for social-only accounts.
  password_hash text,
  first_name text not null,
  last_name text not null,
  -- E.164 after the phone helper normalises it (+447700900123).
  phone text,
  where_heard text,
  registration_type text not null default 'registered'
    check (registration_type in ('registered', 'registered_with_verification')),
  email_verified_at text,
  retail_member_id text,
  -- Bumped to revoke every access token issued before it (logout from all devices).
  tokens_valid_after text,
  -- 'forgotten' after a confirmed forget-me request: personal fields are blanked.
  status text not null default 'active' check (status in ('active', 'disabled', 'forgotten')),
  last_login_at text,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')), default_allow_substitutes integer not null default 1
  check (default_allow_substitutes in (0, 1)),
  unique (business_id, email)
);
create table "deal_section_items" (
  deal_section_id integer not null references "deal_sections"(id) on delete cascade,
  menu_item_id integer not null references "menu_items"(id) on delete cascade,
  extra_cost integer not null default 0 check (extra_cost >= 0),
  position integer not null default 0,
  primary key (deal_section_id, menu_item_id)
) without rowid;
create table "deal_sections" (
  id integer primary key autoincrement,
  deal_id integer not null references "deals"(id) on delete cascade,
  name text not null,
  minimum_selected integer not null default 1 check (minimum_selected >= 0),
  maximum_selected integer not null default 1 check (maximum_selected >= 1)
    check (minimum_selected <= maximum_selected),
  position integer not null default 0
);
create table "deals" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses"(id) on delete cascade,
  slug text not null,
  name text not null,
  description text,
  kind text not null check (kind in ('multibuy', 'meal_deal', 'percent_off', 'amount_off')),
  quantity_required integer check (quantity_required is null or quantity_required > 0),
  price integer check (price is null or price > 0),
  discount_percent integer check (discount_percent is null or discount_percent between 1 and 100),
  discount_amount integer check (discount_amount is null or discount_amount > 0)
    check ((kind = 'multibuy' and quantity_required is not null and price is not null)
    or (kind = 'meal_deal' and price is not null)
    or (kind = 'percent_off' and discount_percent is not null)
    or (kind = 'amount_off' and discount_amount is not null)),
  badge_text text,
  badge_color text,
  badge_background_color text,
  image_url text,
  starts_at text,
  ends_at text,
  position integer not null default 0,
  is_active integer not null default 1 check (is_active in (0, 1)),
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  unique (business_id, slug)
);
create table "delivery_zones" (
  id integer primary key autoincrement,
  store_id integer not null references "stores"(id) on delete cascade,
  kind text not null check (kind in ('radius', 'outcode')),
  radius_km real check (radius_km is null or radius_km > 0),
  outcode text,
  delivery_fee integer check (delivery_fee is null or delivery_fee >= 0),
  minimum_spend integer check (minimum_spend is null or minimum_spend >= 0),
  is_active integer not null default 1 check (is_active in (0, 1))
    check ((kind = 'radius' and radius_km is not null and outcode is null)
    or (kind = 'outcode' and outcode is not null and radius_km is null))
);
create table "devices" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses"(id) on delete cascade,
  customer_id integer references "customers"(id) on delete set null,
  messaging_device_id text not null,
  platform text check (platform is null or platform in ('web', 'ios', 'android')),
  system_version text,
  device_model text,
  device_name text,
  app_version text,
  promo_consent_level text,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  unique (business_id, messaging_device_id)
);
create table "effects" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses"(id) on delete cascade,
  -- What the effect is for, unique: a second write of the same effect (a retried request, two
  -- racing confirms) adds nothing, and a redelivered message finds it delivered.
  effect_key text not null unique,
  kind text not null,
  payload_json text not null check (json_valid(payload_json)),
  status text not null default 'pending' check (status in ('pending', 'delivered', 'dead')),
  attempts integer not null default 0 check (attempts >= 0),
  last_error text,
  -- Set while one consumer runs the effect, so a second delivery of the message waits for it.
  lease_until text,
  -- When the row was last handed to the queue; null: never (the cron hands it on).
  dispatched_at text,
  created_at text not null,
  delivered_at text,
  check (status != 'delivered' or delivered_at is not null)
);
create table "email_change_codes" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses"(id) on delete cascade,
  customer_id integer not null references "customers"(id) on delete cascade,
  new_email text not null,
  code_hash text not null,
  attempts integer not null default 0 check (attempts >= 0),
  max_attempts integer not null default 5 check (max_attempts > 0),
  expires_at text not null,
  consumed_at text,
  created_at text not null
);
create table "faqs" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses"(id) on delete cascade,
  brand_id integer references "brands"(id) on delete cascade,
  -- Heading the question is listed under ('Ordering', 'Delivery', …).
  section text not null default 'General',
  question text not null,
  answer text not null,
  position integer not null default 0,
  is_active integer not null default 1 check (is_active in (0, 1))
);
create table "favourites" (
  id integer primary key autoincrement,
  customer_id integer not null references "customers"(id) on delete cascade,
  business_id integer not null references "businesses"(id),
  menu_item_id integer not null references "menu_items"(id) on delete cascade,
  created_at text not null,
  unique (customer_id, menu_item_id)
);
create table "geo_addresses" (
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
create table "geo_outcodes" (
  outcode text primary key,
  latitude real not null check (latitude between -90 and 90),
  longitude real not null check (longitude between -180 and 180),
  -- Royal Mail post town; shared districts list both towns joined by ' / '.
  town text not null
);
create table "geo_postcodes" (
  -- Upper case with a single space before the inward code ('M1 1AA').
  postcode text primary key,
  outcode text not null references "geo_outcodes"(outcode),
  latitude real not null check (latitude between -90 and 90),
  longitude real not null check (longitude between -180 and 180)
);
create table "idempotency_keys" (
  business_id integer not null references "businesses"(id) on delete cascade,
  -- The operation, e.g. 'checkout.process-order'.
  scope text not null,
  idempotency_key text not null,
  -- SHA-256 (hex) of the canonical request: the same key with another body is refused.
  request_hash text not null,
  -- 'in_progress' until the answer is stored; a concurrent retry then gets 409.
  state text not null default 'in_progress' check (state in ('in_progress', 'completed')),
  response_status integer,
  response_body text,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  expires_at text not null,
  primary key (business_id, scope, idempotency_key)
);
create table "insight_rollup_days" (
  business_id integer not null references "businesses"(id),
  scope text not null check (scope in ('business', 'brand', 'store')),
  scope_id integer not null,
  day text not null,
  time_zone text not null,
  sums_json text not null,
  staff_json text not null,
  computed_at text not null,
  primary key (business_id, scope, scope_id, day)
) without rowid;
create table "insight_rollup_runs" (
  id integer primary key autoincrement check (id = 1),
  changes_seen_to text not null
);
create table "interest_requests" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses"(id) on delete cascade,
  brand_id integer references "brands"(id) on delete set null,
  email text not null,
  postcode text not null,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  unique (business_id, email, postcode)
);
create table "login_failures" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses"(id) on delete cascade,
  -- HMAC-SHA-256 (hex) of the normalised email with a key derived from AUTH_PEPPER: the same for
  -- an account that exists and one that does not, and never the address itself.
  identifier_hash text not null,
  -- ISO 8601 UTC from the app clock (worker/lib/clock.ts).
  failed_at text not null
);
create table "loyalty_accounts" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses"(id) on delete cascade,
  customer_id integer not null unique references "customers"(id) on delete cascade,
  -- The sum of the account's transactions; below zero while a refund is being paid back.
  points_balance integer not null default 0,
  lifetime_points integer not null default 0 check (lifetime_points >= 0),
  created_at text not null,
  updated_at text not null
);
create table "loyalty_schemes" (
  business_id integer primary key autoincrement references "businesses"(id) on delete cascade,
  name text not null,
  points_per_pound integer not null default 1 check (points_per_pound >= 0),
  reward_threshold integer not null check (reward_threshold > 0),
  reward_value integer not null check (reward_value > 0),
  is_active integer not null default 1 check (is_active in (0, 1))
);
create table "loyalty_transactions" (
  id integer primary key autoincrement,
  loyalty_account_id integer not null references "loyalty_accounts"(id) on delete cascade,
  seq integer not null check (seq > 0),
  -- Signed: earned > 0; reversed and turned into a reward < 0.
  points integer not null check (points <> 0),
  kind text not null check (kind in ('earn', 'reverse', 'reward', 'adjust')),
  reference text not null,
  order_id integer references "orders"(id) on delete set null,
  -- Why, in words the member reads on their points history (never a person's name).
  description text not null,
  created_at text not null,
  unique (loyalty_account_id, reference),
  unique (loyalty_account_id, seq)
);
create table "marketing_channels" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses"(id) on delete cascade,
  channel text not null check (channel in ('email', 'sms', 'push', 'post')),
  name text not null,
  description text,
  position integer not null default 0,
  unique (business_id, channel)
);
create table "marketing_consents" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses"(id) on delete cascade,
  customer_id integer not null references "customers"(id) on delete cascade,
  channel text not null check (channel in ('email', 'sms', 'push')),
  opted_in integer not null check (opted_in in (0, 1)),
  -- Where the shopper said so: the registration form or the profile page.
  source text not null check (source in ('registration', 'profile')),
  recorded_at text not null
);
create table "marketing_events" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses"(id) on delete cascade,
  brand_id integer references "brands"(id) on delete set null,
  kind text not null check (kind in ('user_update', 'event', 'purchase', 'cart_update')),
  event_name text,
  user_key text not null,
  payload_json text not null,
  created_at text not null
);
create table "marketing_preferences" (
  customer_id integer not null references "customers"(id) on delete cascade,
  marketing_channel_id integer not null references "marketing_channels"(id) on delete cascade,
  opted_in integer not null check (opted_in in (0, 1)),
  updated_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  primary key (customer_id, marketing_channel_id)
) without rowid;
create table "member_substitution_choices" (
  customer_id integer not null references "customers"(id) on delete cascade,
  menu_item_id integer not null references "menu_items"(id) on delete cascade,
  allow_substitutes integer not null check (allow_substitutes in (0, 1)),
  substitute_item_id integer references "menu_items"(id) on delete set null,
  updated_at text not null,
  primary key (customer_id, menu_item_id)
);
create table "menu_item_option_value_size_costs" (
  id integer primary key autoincrement,
  option_value_id integer not null references "menu_item_option_values"(id) on delete cascade,
  size_id integer not null references "menu_item_option_values"(id) on delete cascade,
  extra_cost integer not null check (extra_cost >= 0),
  unique (option_value_id, size_id)
);
create table "menu_item_option_values" (
  id integer primary key autoincrement,
  option_id integer not null references "menu_item_options"(id) on delete cascade,
  name text not null,
  extra_cost integer not null default 0 check (extra_cost >= 0),
  is_default integer not null default 0 check (is_default in (0, 1)),
  out_of_stock integer not null default 0 check (out_of_stock in (0, 1)),
  position integer not null default 0
);
create table "menu_item_options" (
  id integer primary key autoincrement,
  menu_item_id integer not null references "menu_items"(id) on delete cascade,
  name text not null,
  placeholder text,
  minimum_selected integer not null default 0 check (minimum_selected >= 0),
  maximum_selected integer not null default 1 check (maximum_selected >= 1)
    check (minimum_selected <= maximum_selected),
  display_as_grid integer not null default 0 check (display_as_grid in (0, 1)),
  -- 1: picking a value replaces the previous one (radio); 0: values add up (checkboxes/counts).
  mutually_exclusive integer not null default 0 check (mutually_exclusive in (0, 1)),
  -- dependentOn: shown only once a value of that option is chosen, or, when
  -- dependent_on_value_id is set, only while that value is chosen.
  dependent_on integer references "menu_item_options"(id) on delete cascade,
  dependent_on_value_id integer references "menu_item_option_values"(id) on delete cascade,
  -- The first N selected instances are free; extra costs apply from instance N + 1. Null = all charged.
  extra_cost_instances_threshold integer
    check (extra_cost_instances_threshold is null or extra_cost_instances_threshold >= 0),
  -- 1 for the size option whose values are the size_id of menu_item_option_value_size_costs.
  is_size integer not null default 0 check (is_size in (0, 1)),
  position integer not null default 0
);
create table "menu_items" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses"(id) on delete cascade,
  category_id integer not null references "categories"(id),
  slug text not null,
  name text not null,
  description text,
  ingredients text,
  -- Pack size as sold ('2 pints', '500g'); part of the displayed name.
  size text,
  -- Shelf-edge unit price ('£1.20/litre'), precomputed for display.
  unit_price_label text,
  price integer not null check (price > 0),
  was_price integer check (was_price is null or was_price > price),
  badge_text text,
  badge_color text,
  badge_background_color text
    check ((badge_text is null) = (badge_color is null)
    and (badge_text is null) = (badge_background_color is null)),
  out_of_stock integer not null default 0 check (out_of_stock in (0, 1)),
  -- JSON array of lower-case strings, e.g. ["vegan","gluten-free"].
  tags text not null default '[]' check (json_valid(tags) and json_type(tags) = 'array'),
  -- 'simple' adds straight to the basket; 'options' opens the option picker first.
  add_to_basket_type text not null default 'simple' check (add_to_basket_type in ('simple', 'options')),
  quick_add integer not null default 1 check (quick_add in (0, 1)),
  -- Minimum age to buy, null if none ('You must be at least %s to purchase this item').
  age_restriction integer check (age_restriction is null or age_restriction between 1 and 25),
  -- Per-item quantity cap ('Item limit has been reached'); null = no cap.
  max_quantity integer check (max_quantity is null or max_quantity > 0),
  -- Image paths served from static assets, one per density of spec §3.
  image_originals text not null,
  image_mdpi_1x text not null,
  image_xhdpi_2x text not null,
  image_xxhdpi_3x text not null,
  -- Intrinsic size of the mdpi_1x image, so pages reserve space (no layout shift).
  image_width integer not null default 160 check (image_width > 0),
  image_height integer not null default 160 check (image_height > 0),
  position integer not null default 0,
  is_active integer not null default 1 check (is_active in (0, 1)),
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')), was_price_from text, was_price_until text, image_webp_mdpi_1x text, image_webp_xhdpi_2x text, image_webp_xxhdpi_3x text, unit_amount real check (unit_amount is null or unit_amount > 0), allergens_contains text not null default '[]'
  check (json_valid(allergens_contains) and json_type(allergens_contains) = 'array'), allergens_may_contain text not null default '[]'
  check (json_valid(allergens_may_contain) and json_type(allergens_may_contain) = 'array'), nutrition text
  check (nutrition is null or (json_valid(nutrition) and json_type(nutrition) = 'object')), storage_use text, country_of_origin text, net_quantity text, food_operator_name text, food_operator_address text, sold_by text not null default 'each'
  check (sold_by in ('each', 'by_weight', 'by_piece_estimated')), price_per_kg integer
  check (price_per_kg is null or price_per_kg > 0), unit_grams integer
  check (unit_grams is null or unit_grams > 0)
  check ((sold_by = 'each') = (price_per_kg is null) and (sold_by = 'each') = (unit_grams is null))
  check (sold_by = 'each' or price = (price_per_kg * unit_grams + 500) / 1000), vat_class text not null default 'standard'
  check (vat_class in ('zero', 'reduced', 'standard')),
  unique (business_id, slug)
);
create table "newsletter_signups" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses"(id) on delete cascade,
  brand_id integer references "brands"(id) on delete set null,
  email text not null,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  unique (business_id, email)
);
create table "operator_audit" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses"(id) on delete cascade,
  -- The member of staff who made the change; kept (null) if the account is ever removed.
  staff_id integer references "staff_accounts"(id) on delete set null,
  -- What was done, e.g. 'brand.update', 'store.create', 'catalogue.import'.
  action text not null check (action glob '[a-z]*.[a-z]*'),
  -- What it was done to: the kind of thing and its id (null for a business-wide change).
  entity text not null check (entity glob '[a-z]*'),
  entity_id integer,
  -- The thing as JSON before and after the change: null before a creation, after a deletion.
  before_json text check (before_json is null or json_valid(before_json)),
  after_json text check (after_json is null or json_valid(after_json)),
  -- A line for people ("Imported 200 items"), shown in the audit log.
  summary text not null,
  at text not null
);
create table "order_history" (
  id integer primary key autoincrement,
  order_id integer not null references "orders"(id) on delete cascade,
  actor_staff_id integer references "staff_accounts"(id) on delete set null,
  role text not null
    check (role in ('operator', 'store_manager', 'picker', 'driver', 'system', 'shopper')),
  action text not null,
  from_status text not null,
  to_status text not null,
  reason text,
  -- What the action recorded besides (a line mark, a refund amount), as JSON.
  detail_json text check (detail_json is null or json_valid(detail_json)),
  at text not null
);
create table "order_line_picks" (
  order_line_id integer primary key autoincrement references "order_lines"(id) on delete cascade,
  order_id integer not null references "orders"(id) on delete cascade,
  mark text not null check (mark in ('picked', 'short', 'out_of_stock', 'substituted')),
  picked_quantity integer not null check (picked_quantity >= 0),
  substitute_menu_item_id integer references "menu_items"(id) on delete set null,
  substitute_name text,
  substitute_quantity integer check (substitute_quantity is null or substitute_quantity > 0),
  substitute_unit_price integer check (substitute_unit_price is null or substitute_unit_price >= 0),
  charged_price integer not null check (charged_price >= 0),
  refunded_quantity integer not null default 0 check (refunded_quantity >= 0),
  marked_by integer references "staff_accounts"(id) on delete set null,
  marked_at text not null, version integer not null default 1 check (version >= 1), picked_grams integer
  check (picked_grams is null or picked_grams > 0), rejected_at text, rejected_by text
  check (rejected_by is null or rejected_by in ('review', 'door')), rejected_staff_id integer, rejected_amount integer
  check (rejected_amount is null or (rejected_amount >= 0 and rejected_amount <= charged_price)), rejected_token text, substitute_vat_class text
  check (substitute_vat_class is null or substitute_vat_class in ('zero', 'reduced', 'standard')),
  check ((mark = 'substituted') = (substitute_menu_item_id is not null or substitute_name is not null))
);
create table "order_line_selections" (
  id integer primary key autoincrement,
  order_line_id integer not null references "order_lines"(id) on delete cascade,
  option_value_id integer references "menu_item_option_values"(id) on delete set null,
  option_name text not null,
  value_name text not null,
  quantity integer not null default 1 check (quantity > 0),
  extra_cost integer not null default 0 check (extra_cost >= 0)
);
create table "order_lines" (
  id integer primary key autoincrement,
  order_id integer not null references "orders"(id) on delete cascade,
  -- Items and deals may change later: the line keeps its own name and prices.
  menu_item_id integer references "menu_items"(id) on delete set null,
  deal_id integer references "deals"(id) on delete set null,
  -- Items chosen inside a meal deal point at the meal deal's line.
  parent_line_id integer references "order_lines"(id) on delete cascade,
  kind text not null default 'item' check (kind in ('item', 'meal_deal', 'meal_deal_choice')),
  name text not null,
  quantity integer not null check (quantity > 0),
  unit_price integer not null check (unit_price >= 0),
  total_price integer not null check (total_price >= 0),
  age_restriction integer,
  position integer not null default 0
, allow_substitutes integer not null default 1
  check (allow_substitutes in (0, 1)), sold_by text not null default 'each'
  check (sold_by in ('each', 'by_weight', 'by_piece_estimated')), price_per_kg integer
  check (price_per_kg is null or price_per_kg > 0), unit_grams integer
  check (unit_grams is null or unit_grams > 0)
  check ((sold_by = 'each') = (price_per_kg is null) and (sold_by = 'each') = (unit_grams is null)), substitute_item_id integer
  references "menu_items"(id) on delete set null, vat_class text
  check (vat_class is null or vat_class in ('zero', 'reduced', 'standard')), vat_rate integer
  check (vat_rate is null or vat_rate between 0 and 10000), tax_amount integer check (tax_amount is null or tax_amount >= 0));
create table "order_status_history" (
  id integer primary key autoincrement,
  order_id integer not null references "orders"(id) on delete cascade,
  status text not null,
  status_code integer,
  note text,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
create table "orders" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses"(id) on delete cascade,
  brand_id integer references "brands"(id) on delete set null,
  store_id integer not null references "stores"(id),
  customer_id integer references "customers"(id) on delete set null,
  basket_id integer references "baskets"(id) on delete set null,
  -- The order number shown to shoppers and staff, unique per business.
  business_order_id text not null,
  -- draft → payment_pending → sent_to_store (20) → store_accepted_picking (40) → picked (60)
  -- → en_route (80) → delivered (100), or a terminal state.
  status text not null default 'draft' check (status in (
    'draft', 'payment_pending', 'payment_failed',
    'sent_to_store', 'store_accepted_picking', 'picked', 'en_route', 'delivered',
    'store_rejected', 'refunded', 'declined', 'cancelled', 'unable_to_deliver'
  )),
  status_code integer check (status_code is (case status
    when 'sent_to_store' then 20 when 'store_accepted_picking' then 40 when 'picked' then 60
    when 'en_route' then 80 when 'delivered' then 100 else null end)),
  fulfilment_method text not null check (fulfilment_method in ('delivery', 'collection')),
  fulfilment_timing text not null check (fulfilment_timing in ('asap', 'future')),
  -- The slot in the store's local time, and the same start as a UTC instant.
  slot_date text,
  slot_starts_at text,
  slot_ends_at text,
  slot_start_utc text,
  channel text not null default 'web' check (channel in ('web', 'ios', 'android')),
  platform text,
  payment_method text check (payment_method is null
    or payment_method in ('paymentCard', 'applePay', 'googlePay', 'paymentCash')),
  payment_gateway text check (payment_gateway is null or payment_gateway in ('realex', 'frames', 'cash')),
  first_name text not null,
  last_name text not null,
  email text not null,
  phone text,
  delivery_address_json text check (delivery_address_json is null or json_valid(delivery_address_json)),
  billing_address_json text check (billing_address_json is null or json_valid(billing_address_json)),
  delivery_latitude real,
  delivery_longitude real,
  instructions text,
  messaging_device_id text,
  referral_customer_id integer references "customers"(id) on delete set null,
  referral_partner_id text,
  coupon_id integer references "coupons"(id) on delete set null,
  coupon_code text,
  cash_confirmed integer not null default 0 check (cash_confirmed in (0, 1)),
  age_verified integer not null default 0 check (age_verified in (0, 1)),
  -- Money, all in pence.
  subtotal integer not null check (subtotal >= 0),
  discount_total integer not null default 0 check (discount_total >= 0),
  delivery_cost integer not null default 0 check (delivery_cost >= 0),
  service_fee integer not null default 0 check (service_fee >= 0),
  delivery_tip integer not null default 0 check (delivery_tip >= 0),
  credit_applied integer not null default 0 check (credit_applied >= 0),
  tip_refund integer not null default 0 check (tip_refund >= 0 and tip_refund <= delivery_tip),
  refund integer not null default 0 check (refund >= 0),
  -- original_total = subtotal - discount_total + delivery_cost + service_fee + delivery_tip
  --   - credit_applied, fixed when the order is placed.
  original_total integer not null check (original_total >= 0),
  -- Signed change made by the store (substitutions, weighed items).
  total_adjustment integer not null default 0,
  -- What the shopper pays in the end: original_total + total_adjustment - refund - tip_refund.
  total integer not null check (total >= 0),
  currency text not null default 'GBP',
  loyalty_points_earned integer not null default 0 check (loyalty_points_earned >= 0),
  -- Driver tracking (spec §4: offered while status_code is 20–80).
  driver_latitude real,
  driver_longitude real,
  driver_updated_at text,
  placed_at text,
  completed_at text,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')), basket_version integer, coupon_discount integer not null default 0
  check (coupon_discount >= 0), idempotency_key text, accepted_at text, estimated_ready_at text, picking_started_at text, ready_for_collection_at text, driver_id integer references "staff_accounts"(id) on delete set null, closing_reason text, accept_alerted_at text, action_token text, pricing_terms_json text
  check (pricing_terms_json is null or json_valid(pricing_terms_json)), picking_difference integer not null default 0
  check (picking_difference <= 0), picks_version integer not null default 0, weighed_margin_percent integer not null default 0
  check (weighed_margin_percent between 0 and 100), weighed_extra integer not null default 0
  check (weighed_extra >= 0), amend_version integer not null default 0
  check (amend_version >= 0), restored_at text, vat_rates text
  check (vat_rates is null or json_valid(vat_rates)), tax_total integer not null default 0 check (tax_total >= 0), tax_json text check (tax_json is null or json_valid(tax_json)), tax_reference text,
  unique (business_id, business_order_id)
);
create table "otp_codes" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses"(id) on delete cascade,
  customer_id integer references "customers"(id) on delete cascade,
  channel text not null check (channel in ('email', 'sms')),
  -- Email or E.164 phone the code was sent to.
  destination text not null,
  -- HMAC-SHA-256 (hex) of the code with the session secret.
  code_hash text not null,
  -- Binds the code to the request that asked for it.
  request_id text not null unique,
  attempts integer not null default 0 check (attempts >= 0),
  max_attempts integer not null default 5 check (max_attempts > 0),
  expires_at text not null,
  consumed_at text,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
create table "outbox" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses"(id) on delete cascade,
  brand_id integer references "brands"(id) on delete set null,
  channel text not null check (channel in ('email', 'sms')),
  recipient text not null,
  template text not null,
  payload_json text not null default '{}' check (json_valid(payload_json)),
  status text not null default 'pending' check (status in ('pending', 'sending', 'sent', 'failed')),
  attempts integer not null default 0 check (attempts >= 0),
  last_error text,
  send_after text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  sent_at text,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
, idempotency_key text);
create table "password_reset_codes" (
  id integer primary key autoincrement,
  customer_id integer not null references "customers"(id) on delete cascade,
  -- SHA-256 (hex) of the reset token sent by email (resetToken).
  token_hash text not null unique,
  expires_at text not null,
  used_at text,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
create table "payment_refunds" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses"(id) on delete cascade,
  payment_id integer not null references "payments"(id) on delete cascade,
  kind text not null check (kind in ('refund', 'void')),
  reference text not null,
  amount integer not null check (amount > 0),
  reason text not null,
  -- owed: promised back by the batch that changed the order, the gateway not asked yet (only a
  -- refund); then as before: pending, done, refused, unknown.
  status text not null default 'pending' check (status in ('owed', 'pending', 'done', 'refused',
    'unknown') and (status <> 'owed' or kind = 'refund')),
  result_code text,
  result_message text,
  action_ref text,
  created_at text not null,
  updated_at text not null,
  reconcile_attempts integer not null default 0 check (reconcile_attempts >= 0),
  reconcile_after text,
  reconciled_at text,
  unique (business_id, reference)
);
create table "payments" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses"(id) on delete cascade,
  order_id integer not null references "orders"(id) on delete cascade,
  gateway text not null check (gateway in ('realex', 'frames', 'cash')),
  method text not null check (method in ('paymentCard', 'applePay', 'googlePay', 'paymentCash')),
  status text not null default 'pending' check (status in (
    'pending', 'authorised', 'captured', 'declined', 'failed', 'cancelled', 'refunded', 'partially_refunded'
  )),
  amount integer not null check (amount >= 0),
  amount_refunded integer not null default 0 check (amount_refunded >= 0 and amount_refunded <= amount),
  currency text not null default 'GBP',
  -- The gateway's order reference (Realex ORDER_ID): one per attempt, never reused.
  gateway_order_id text unique,
  -- Gateway references from the answer (Realex PASREF, AUTHCODE), and its RESULT/MESSAGE.
  external_ref text,
  auth_code text,
  result_code text,
  result_message text,
  saved_card_id integer references "saved_cards"(id) on delete set null,
  save_card integer not null default 0 check (save_card in (0, 1)),
  idempotency_key text not null unique,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
, customer_id integer references "customers"(id) on delete set null, success_url text, failure_url text, cancel_url text, response_url text, payer_ref text, pmt_ref text, completed_at text, shopper_message text, void_reason text check (void_reason in (
  'attempt_superseded', 'order_superseded', 'order_paid'
)), voided_at text, void_result_code text, void_result_message text, card_brand text
  check (card_brand is null or card_brand in ('visa', 'mastercard', 'discover', 'jcb')), card_last4 text
  check (card_last4 is null or (length(card_last4) = 4 and card_last4 not glob '*[^0-9]*')), capture_later integer not null default 0
  check (capture_later in (0, 1)), captured_amount integer
  check (captured_amount is null or (captured_amount >= 0 and captured_amount <= amount)), capture_unknown integer not null default 0, void_tries integer not null default 0, amend_pending_id integer references "amend_pending"(id));
create table "postcode_rules" (
  business_id integer not null references "businesses"(id) on delete cascade,
  country_code text not null,
  -- An anchored regular expression applied to the normalised postcode.
  pattern text not null,
  -- 'uk' normalises with the UK postcode library (upper case, single space before the inward code);
  -- 'upper_trim' only trims and upper-cases.
  normalisation text not null default 'uk' check (normalisation in ('uk', 'upper_trim')),
  example text,
  primary key (business_id, country_code)
);
create table "referral_codes" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses"(id) on delete cascade,
  customer_id integer not null unique references "customers"(id) on delete cascade,
  -- Upper case, shared with friends.
  code text not null,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  unique (business_id, code)
);
create table "referral_decisions" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses"(id) on delete cascade,
  referral_id integer references "referrals"(id) on delete cascade,
  referral_code text,
  customer_id integer references "customers"(id) on delete set null,
  decision text not null check (decision in ('accepted', 'refused', 'rewarded')),
  reason text not null,
  created_at text not null
);
create table "referral_schemes" (
  business_id integer primary key autoincrement references "businesses"(id) on delete cascade,
  reward_amount integer not null default 500 check (reward_amount > 0),
  monthly_cap integer not null default 10 check (monthly_cap > 0),
  is_active integer not null default 1 check (is_active in (0, 1))
);
create table "referrals" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses"(id) on delete cascade,
  referral_code_id integer not null references "referral_codes"(id) on delete cascade,
  referrer_customer_id integer not null references "customers"(id) on delete cascade,
  referee_customer_id integer not null unique references "customers"(id) on delete cascade
    check (referrer_customer_id <> referee_customer_id),
  status text not null default 'pending' check (status in ('pending', 'rewarded', 'cancelled')),
  reward_amount integer not null default 500 check (reward_amount > 0),
  qualifying_order_id integer references "orders"(id) on delete set null,
  rewarded_at text,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
, referee_device_id text);
create table "reviews" (
  id integer primary key autoincrement,
  order_id integer not null unique references "orders"(id) on delete cascade,
  customer_id integer references "customers"(id) on delete set null,
  star_rating integer not null check (star_rating between 1 and 5),
  comment text,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
, store_id integer references "stores"(id) on delete cascade, updated_at text);
create table "sandbox_frames_payments" (
  id text primary key,
  reference text not null unique,
  amount integer not null check (amount >= 0),
  currency text not null,
  source_id text,
  status text not null check (status in ('Pending', 'Authorized', 'Card Verified', 'Declined',
    'Voided')),
  response_code text,
  response_summary text,
  success_url text,
  failure_url text,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
, settled integer not null default 0
  check (settled in (0, 1)), auto_capture integer not null default 1
  check (auto_capture in (0, 1)), captured_amount integer
  check (captured_amount is null or captured_amount >= 0));
create table "sandbox_frames_sources" (
  id text primary key,
  brand text not null,
  last4 text not null check (length(last4) = 4),
  expiry_month integer not null,
  expiry_year integer not null,
  result_code text not null,
  challenge integer not null default 0 check (challenge in (0, 1)),
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
create table "sandbox_frames_tokens" (
  token text primary key,
  kind text not null check (kind in ('card', 'cvv', 'wallet')),
  brand text,
  last4 text check (last4 is null or length(last4) = 4),
  expiry_month integer,
  expiry_year integer,
  -- The RESULT the test card gives (00, 101, …) and whether a 3-D Secure challenge comes first.
  result_code text,
  challenge integer not null default 0 check (challenge in (0, 1)),
  used_at text,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
create table "sandbox_hpp_requests" (
  order_id text primary key,
  merchant_id text not null,
  account text not null,
  amount text not null,
  currency text not null,
  response_url text not null,
  cancel_url text,
  card_storage integer not null default 0 check (card_storage in (0, 1)),
  payer_ref text,
  pmt_ref text,
  select_stored_card text,
  -- open → challenge (3-D Secure) → answered → voided (an authorisation the shop voided).
  status text not null default 'open' check (status in ('open', 'challenge', 'answered', 'voided')),
  challenge_brand text,
  challenge_last4 text,
  challenge_expiry text,
  -- The answer: its RESULT and PASREF (a void names the transaction by ORDER_ID and PASREF).
  result_code text,
  pasref text,
  voided_at text,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
, settled integer not null default 0
  check (settled in (0, 1)), auto_settle integer not null default 1
  check (auto_settle in (0, 1)), captured_amount integer
  check (captured_amount is null or captured_amount >= 0));
create table "sandbox_identity_keys" (
  kid text primary key,
  private_jwk text not null,
  public_jwk text not null,
  created_at text not null
);
create table "sandbox_refunds" (
  id integer primary key autoincrement,
  provider text not null check (provider in ('realex', 'frames')),
  -- Realex ORDER_ID, or the frames payment id (pay_sbx_…).
  transaction_ref text not null,
  amount integer not null check (amount > 0),
  currency text not null,
  reference text,
  action_id text not null unique,
  created_at text not null,
  unique (provider, reference)
);
create table "sandbox_stored_cards" (
  id integer primary key autoincrement,
  merchant_id text not null,
  payer_ref text not null,
  pmt_ref text not null,
  brand text not null,
  last4 text not null check (length(last4) = 4),
  -- MMYY, as SAVED_PMT_EXPDATE.
  expiry text not null,
  cardholder_name text,
  -- The RESULT the test card produces when charged again.
  result_code text not null,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  unique (merchant_id, payer_ref, pmt_ref)
);
create table "sandbox_wallet_tokens" (
  id text primary key,
  wallet text not null check (wallet in ('applePay', 'googlePay')),
  outcome text not null check (outcome in ('approve', 'decline')),
  used_at text,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
create table "saved_cards" (
  id integer primary key autoincrement,
  customer_id integer not null references "customers"(id) on delete cascade,
  gateway text not null check (gateway in ('realex', 'frames')),
  -- Realex: 'payer_ref:pmt_ref'; frames providers: their card token.
  token text not null,
  brand text not null check (brand in ('visa', 'mastercard', 'discover', 'jcb')),
  last4 text not null check (length(last4) = 4 and last4 glob '[0-9][0-9][0-9][0-9]'),
  expiry_month integer not null check (expiry_month between 1 and 12),
  expiry_year integer not null check (expiry_year between 2000 and 2100),
  cardholder_name text,
  is_default integer not null default 0 check (is_default in (0, 1)),
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  unique (customer_id, gateway, token)
);
create table "seo_metadata" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses"(id) on delete cascade,
  brand_id integer references "brands"(id) on delete cascade,
  -- The page's path: leading slash, no trailing slash, no query ('/', '/faqs', '/stores/york').
  path text not null check (path glob '/*' and (path = '/' or path not glob '*/')),
  title text,
  description text,
  noindex integer check (noindex in (0, 1)),
  -- A path of this site the page names as canonical instead of its own.
  canonical_path text check (canonical_path is null or (canonical_path glob '/*' and canonical_path not glob '//*'))
);
create table "seo_pages" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses"(id) on delete cascade,
  brand_id integer references "brands"(id) on delete cascade,
  slug text not null,
  title text not null,
  meta_description text,
  heading text,
  -- Markdown; rendered and sanitised by the page.
  body text not null default '',
  noindex integer not null default 0 check (noindex in (0, 1)),
  updated_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
create table "seo_redirects" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses"(id) on delete cascade,
  -- Path without the leading slash and without a trailing slash.
  from_slug text not null,
  to_path text not null,
  status_code integer not null default 301 check (status_code in (301, 302, 307, 308)),
  unique (business_id, from_slug)
);
create table "sitemaps" (
  id integer primary key autoincrement,
  brand_id integer not null references "brands"(id) on delete cascade,
  name text not null check (name glob '*.xml'),
  body text,
  generated_at text,
  unique (brand_id, name)
);
create table "slot_reservations" (
  id integer primary key autoincrement,
  time_slot_id integer references "time_slots"(id) on delete cascade,
  store_id integer not null references "stores"(id) on delete cascade,
  basket_id integer not null references "baskets"(id) on delete cascade,
  order_id integer references "orders"(id) on delete set null,
  fulfilment_method text not null check (fulfilment_method in ('delivery', 'collection')),
  -- ASAP orders reserve no slot row (time_slot_id null).
  is_asap integer not null default 0 check (is_asap in (0, 1))
    check (is_asap = 1 or time_slot_id is not null),
  status text not null default 'held' check (status in ('held', 'confirmed', 'released', 'expired')),
  postcode text,
  latitude real,
  longitude real,
  expires_at text not null,
  confirmed_at text,
  released_at text,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
create table "social_link_requests" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses"(id) on delete cascade,
  customer_id integer not null references "customers"(id) on delete cascade,
  provider text not null check (provider in ('facebook', 'google', 'apple')),
  subject text not null,
  -- SHA-256 (hex) of the token kept in the browser's httpOnly cookie; never the token itself.
  token_hash text not null unique,
  expires_at text not null,
  consumed_at text,
  created_at text not null
);
create table "staff_accounts" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses"(id) on delete cascade,
  -- Normalised as EmailSchema does (trimmed, lower case).
  email text not null,
  name text not null,
  -- pbkdf2-sha512$… (worker/backend/auth/passwords.ts); null until the invitation is accepted.
  password_hash text,
  status text not null check (status in ('active', 'invited', 'deactivated')),
  -- The business-wide role: an operator acts for every store of the business.
  is_operator integer not null default 0 check (is_operator in (0, 1)),
  last_sign_in_at text,
  created_at text not null,
  updated_at text not null,
  check (status != 'active' or password_hash is not null),
  unique (business_id, email)
);
create table "staff_invitations" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses"(id) on delete cascade,
  staff_id integer not null references "staff_accounts"(id) on delete cascade,
  token_hash text not null unique,
  role text not null check (role in ('operator', 'store_manager', 'picker', 'driver')),
  -- JSON array of store ids the role covers (empty for an operator), kept for the record.
  store_ids_json text not null default '[]' check (json_valid(store_ids_json)),
  invited_by integer references "staff_accounts"(id) on delete set null,
  expires_at text not null,
  accepted_at text,
  -- A newer invitation of the same account retires the older ones.
  retired_at text,
  created_at text not null
);
create table "staff_refresh_tokens" (
  id integer primary key autoincrement,
  session_id text not null references "staff_sessions"(id) on delete cascade,
  token_hash text not null unique,
  expires_at text not null,
  used_at text,
  created_at text not null
);
create table "staff_sessions" (
  id text primary key,
  business_id integer not null references "businesses"(id) on delete cascade,
  staff_id integer not null references "staff_accounts"(id) on delete cascade,
  created_at text not null,
  -- Absolute end, however often it is refreshed (ADR 009: 90 days for members too).
  expires_at text not null,
  revoked_at text,
  revoked_reason text check (revoked_reason is null
    or revoked_reason in ('logout', 'reuse_detected', 'deactivated', 'password_changed')),
  user_agent text
);
create table "staff_sign_in_codes" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses"(id) on delete cascade,
  staff_id integer not null references "staff_accounts"(id) on delete cascade,
  -- Random id the browser holds between the two steps; the code is bound to it.
  challenge_id text not null unique,
  -- HMAC-SHA-256 (hex) of the code and the challenge (worker/backend/auth/otp.ts).
  code_hash text not null,
  attempts integer not null default 0 check (attempts >= 0),
  max_attempts integer not null default 5 check (max_attempts > 0),
  expires_at text not null,
  consumed_at text,
  created_at text not null
);
create table "staff_store_roles" (
  staff_id integer not null references "staff_accounts"(id) on delete cascade,
  store_id integer not null references "stores"(id) on delete cascade,
  role text not null check (role in ('store_manager', 'picker', 'driver')),
  created_at text not null,
  primary key (staff_id, store_id, role)
);
create table "store_closures" (
  id integer primary key autoincrement,
  store_id integer not null references "stores"(id) on delete cascade,
  closed_on text not null check (closed_on glob '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  reason text,
  unique (store_id, closed_on)
);
create table "store_menu_items" (
  store_id integer not null references "stores"(id) on delete cascade,
  menu_item_id integer not null references "menu_items"(id) on delete cascade,
  price integer check (price is null or price > 0),
  was_price integer check (was_price is null or was_price > 0),
  out_of_stock integer check (out_of_stock is null or out_of_stock in (0, 1)),
  -- 0 = this store does not sell the item at all.
  is_available integer not null default 1 check (is_available in (0, 1)),
  stock_quantity integer check (stock_quantity is null or stock_quantity >= 0),
  updated_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')), was_price_from text, was_price_until text,
  primary key (store_id, menu_item_id)
) without rowid;
create table "store_opening_hours" (
  id integer primary key autoincrement,
  store_id integer not null references "stores"(id) on delete cascade,
  fulfilment_method text not null check (fulfilment_method in ('delivery', 'collection', 'store')),
  -- 0 = Monday … 6 = Sunday.
  day_of_week integer not null check (day_of_week between 0 and 6),
  opens_at text not null check (opens_at glob '[0-2][0-9]:[0-5][0-9]'),
  closes_at text not null check (closes_at glob '[0-2][0-9]:[0-5][0-9]'),
  unique (store_id, fulfilment_method, day_of_week, opens_at)
);
create table "stores" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses"(id) on delete cascade,
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
  updated_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')), order_accept_window_minutes integer
  check (order_accept_window_minutes is null or order_accept_window_minutes between 1 and 240), paused_until text, pause_reason text,
  unique (business_id, slug)
);
create table "time_slots" (
  id integer primary key autoincrement,
  store_id integer not null references "stores"(id) on delete cascade,
  fulfilment_method text not null check (fulfilment_method in ('delivery', 'collection')),
  -- Local date and times in the store's time zone (timeSlotDate, timeSlotTime).
  slot_date text not null check (slot_date glob '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  starts_at text not null check (starts_at glob '[0-2][0-9]:[0-5][0-9]'),
  ends_at text not null check (ends_at glob '[0-2][0-9]:[0-5][0-9]'),
  -- UTC instants of the same, for comparisons with now.
  start_utc text not null,
  end_utc text not null,
  capacity integer not null check (capacity >= 0),
  reserved_count integer not null default 0 check (reserved_count >= 0 and reserved_count <= capacity),
  is_blocked integer not null default 0 check (is_blocked in (0, 1)),
  unique (store_id, fulfilment_method, slot_date, starts_at)
);
create table "verification_codes" (
  id integer primary key autoincrement,
  business_id integer not null references "businesses"(id) on delete cascade,
  customer_id integer references "customers"(id) on delete cascade,
  purpose text not null check (purpose in ('email_verification', 'forget_me', 'guest_email')),
  destination text not null,
  code_hash text not null,
  attempts integer not null default 0 check (attempts >= 0),
  max_attempts integer not null default 5 check (max_attempts > 0),
  expires_at text not null,
  consumed_at text,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
insert into "amend_pending" ("id", "business_id", "order_id", "from_version", "from_total", "new_total", "amount", "change_json", "status", "created_at", "settled_at") select "id", "business_id", "order_id", "from_version", "from_total", "new_total", "amount", "change_json", "status", "created_at", "settled_at" from "amend_pending__new";
insert into "archived_orders" ("id", "business_id", "brand_id", "customer_id", "order_id", "business_order_id", "status", "status_code", "fulfilment_method", "placed_at", "store_id", "items_count", "total", "currency", "r2_key", "archived_at", "restore_token", "email_hash") select "id", "business_id", "brand_id", "customer_id", "order_id", "business_order_id", "status", "status_code", "fulfilment_method", "placed_at", "store_id", "items_count", "total", "currency", "r2_key", "archived_at", "restore_token", "email_hash" from "archived_orders__new";
insert into "auth_nonces" ("id", "business_id", "nonce_hash", "expires_at", "consumed_at", "created_at") select "id", "business_id", "nonce_hash", "expires_at", "consumed_at", "created_at" from "auth_nonces__new";
insert into "auth_refresh_tokens" ("id", "business_id", "customer_id", "kind", "token_hash", "family_id", "parent_id", "device_id", "issued_at", "expires_at", "family_expires_at", "used_at", "revoked_at", "revoked_reason", "user_agent") select "id", "business_id", "customer_id", "kind", "token_hash", "family_id", "parent_id", "device_id", "issued_at", "expires_at", "family_expires_at", "used_at", "revoked_at", "revoked_reason", "user_agent" from "auth_refresh_tokens__new";
insert into "banner_metrics" ("banner_id", "platform", "day", "clicks", "impressions") select "banner_id", "platform", "day", "clicks", "impressions" from "banner_metrics__new";
insert into "banners" ("id", "business_id", "brand_id", "slug", "title", "subtitle", "image_url", "image_width", "image_height", "link_type", "link_category_id", "link_deal_id", "link_menu_item_id", "link_url", "store_id", "category_id", "fulfilment_method", "starts_at", "ends_at", "position", "is_active", "click_count", "impression_count", "created_at", "updated_at") select "id", "business_id", "brand_id", "slug", "title", "subtitle", "image_url", "image_width", "image_height", "link_type", "link_category_id", "link_deal_id", "link_menu_item_id", "link_url", "store_id", "category_id", "fulfilment_method", "starts_at", "ends_at", "position", "is_active", "click_count", "impression_count", "created_at", "updated_at" from "banners__new";
insert into "basket_line_selections" ("id", "basket_line_id", "option_id", "option_value_id", "quantity") select "id", "basket_line_id", "option_id", "option_value_id", "quantity" from "basket_line_selections__new";
insert into "basket_lines" ("id", "basket_id", "menu_item_id", "quantity", "unit_price", "notes", "created_at", "updated_at", "allow_substitutes", "substitute_item_id") select "id", "basket_id", "menu_item_id", "quantity", "unit_price", "notes", "created_at", "updated_at", "allow_substitutes", "substitute_item_id" from "basket_lines__new";
insert into "basket_meal_deal_choices" ("id", "basket_meal_deal_id", "deal_section_id", "menu_item_id", "quantity") select "id", "basket_meal_deal_id", "deal_section_id", "menu_item_id", "quantity" from "basket_meal_deal_choices__new";
insert into "basket_meal_deals" ("id", "basket_id", "deal_id", "quantity", "unit_price", "created_at", "allow_substitutes") select "id", "basket_id", "deal_id", "quantity", "unit_price", "created_at", "allow_substitutes" from "basket_meal_deals__new";
insert into "basket_tokens" ("token_hash", "basket_id", "created_at") select "token_hash", "basket_id", "created_at" from "basket_tokens__new";
insert into "baskets" ("id", "business_id", "store_id", "customer_id", "token_hash", "status", "fulfilment_method", "fulfilment_timing", "coupon_id", "coupon_code", "coupon_needs_reapply", "tip", "location_postcode", "location_latitude", "location_longitude", "delivery_address_json", "billing_address_json", "contact_first_name", "contact_last_name", "contact_email", "contact_phone", "instructions", "age_confirmed_at", "cash_confirmed", "version", "created_at", "updated_at", "terms_accepted_at", "billing_same_as_delivery", "delivery_latitude", "delivery_longitude", "brand_id", "use_credit") select "id", "business_id", "store_id", "customer_id", "token_hash", "status", "fulfilment_method", "fulfilment_timing", "coupon_id", "coupon_code", "coupon_needs_reapply", "tip", "location_postcode", "location_latitude", "location_longitude", "delivery_address_json", "billing_address_json", "contact_first_name", "contact_last_name", "contact_email", "contact_phone", "instructions", "age_confirmed_at", "cash_confirmed", "version", "created_at", "updated_at", "terms_accepted_at", "billing_same_as_delivery", "delivery_latitude", "delivery_longitude", "brand_id", "use_credit" from "baskets__new";
insert into "brand_domains" ("id", "business_id", "brand_id", "host", "environment", "provider_id", "status", "ssl_status", "records_json", "message", "checked_at", "created_at") select "id", "business_id", "brand_id", "host", "environment", "provider_id", "status", "ssl_status", "records_json", "message", "checked_at", "created_at" from "brand_domains__new";
insert into "brand_hosts" ("host", "brand_id", "environment") select "host", "brand_id", "environment" from "brand_hosts__new";
insert into "brand_links" ("id", "brand_id", "kind", "channel", "url", "position") select "id", "brand_id", "kind", "channel", "url", "position" from "brand_links__new";
insert into "brand_settings" ("brand_id", "section", "settings_json", "updated_at") select "brand_id", "section", "settings_json", "updated_at" from "brand_settings__new";
insert into "brands" ("id", "business_id", "slug", "name", "tagline", "meta_description", "logo_url", "logo_width", "logo_height", "favicon_url", "hero_image_url", "primary_color", "primary_text_color", "secondary_color", "accent_color", "background_color", "text_color", "canonical_host", "is_active", "created_at", "updated_at", "order_number_prefix", "font") select "id", "business_id", "slug", "name", "tagline", "meta_description", "logo_url", "logo_width", "logo_height", "favicon_url", "hero_image_url", "primary_color", "primary_text_color", "secondary_color", "accent_color", "background_color", "text_color", "canonical_host", "is_active", "created_at", "updated_at", "order_number_prefix", "font" from "brands__new";
insert into "businesses" ("id", "name", "legal_name", "country_code", "currency", "locale", "time_zone", "support_email", "support_phone", "created_at", "updated_at", "goodwill_order_cap_pence", "goodwill_member_cap_pence", "goodwill_member_period_days", "food_operator_address", "weighed_margin_percent", "order_reasons_json", "amend_cutoff", "amend_cutoff_hours", "order_archive_months", "tax_mode", "tax_provider") select "id", "name", "legal_name", "country_code", "currency", "locale", "time_zone", "support_email", "support_phone", "created_at", "updated_at", "goodwill_order_cap_pence", "goodwill_member_cap_pence", "goodwill_member_period_days", "food_operator_address", "weighed_margin_percent", "order_reasons_json", "amend_cutoff", "amend_cutoff_hours", "order_archive_months", "tax_mode", "tax_provider" from "businesses__new";
insert into "categories" ("id", "business_id", "parent_id", "slug", "name", "description", "image_url", "position", "is_active", "age_restriction", "seo_title", "seo_description", "created_at", "updated_at", "is_tobacco", "is_alcohol") select "id", "business_id", "parent_id", "slug", "name", "description", "image_url", "position", "is_active", "age_restriction", "seo_title", "seo_description", "created_at", "updated_at", "is_tobacco", "is_alcohol" from "categories__new";
insert into "contact_request_attachments" ("id", "contact_request_id", "r2_key", "filename", "content_type", "size_bytes") select "id", "contact_request_id", "r2_key", "filename", "content_type", "size_bytes" from "contact_request_attachments__new";
insert into "contact_requests" ("id", "business_id", "brand_id", "customer_id", "subject", "message", "first_name", "last_name", "email", "phone", "order_number", "status", "created_at") select "id", "business_id", "brand_id", "customer_id", "subject", "message", "first_name", "last_name", "email", "phone", "order_number", "status", "created_at" from "contact_requests__new";
insert into "content_blocks" ("id", "business_id", "brand_id", "placement", "key", "content_json", "position", "is_active", "updated_at") select "id", "business_id", "brand_id", "placement", "key", "content_json", "position", "is_active", "updated_at" from "content_blocks__new";
insert into "countries" ("code", "name", "is_billing", "position") select "code", "name", "is_billing", "position" from "countries__new";
insert into "coupon_redemptions" ("id", "coupon_id", "order_id", "customer_id", "email", "amount", "status", "created_at") select "id", "coupon_id", "order_id", "customer_id", "email", "amount", "status", "created_at" from "coupon_redemptions__new";
insert into "coupons" ("id", "business_id", "code", "description", "kind", "value", "minimum_spend", "maximum_discount", "fulfilment_method", "members_only", "first_order_only", "starts_at", "ends_at", "max_redemptions", "max_redemptions_per_customer", "redemption_count", "is_active", "created_at", "updated_at") select "id", "business_id", "code", "description", "kind", "value", "minimum_spend", "maximum_discount", "fulfilment_method", "members_only", "first_order_only", "starts_at", "ends_at", "max_redemptions", "max_redemptions_per_customer", "redemption_count", "is_active", "created_at", "updated_at" from "coupons__new";
insert into "customer_addresses" ("id", "customer_id", "type", "name", "first_name", "last_name", "address_line1", "address_line2", "town", "county", "postcode", "country_code", "latitude", "longitude", "phone", "is_default", "created_at", "updated_at") select "id", "customer_id", "type", "name", "first_name", "last_name", "address_line1", "address_line2", "town", "county", "postcode", "country_code", "latitude", "longitude", "phone", "is_default", "created_at", "updated_at" from "customer_addresses__new";
insert into "customer_credit_ledger" ("id", "business_id", "customer_id", "amount", "kind", "reference", "order_id", "referral_id", "staff_id", "description", "created_at") select "id", "business_id", "customer_id", "amount", "kind", "reference", "order_id", "referral_id", "staff_id", "description", "created_at" from "customer_credit_ledger__new";
insert into "customer_identities" ("id", "business_id", "customer_id", "provider", "subject", "created_at") select "id", "business_id", "customer_id", "provider", "subject", "created_at" from "customer_identities__new";
insert into "customers" ("id", "business_id", "email", "password_hash", "first_name", "last_name", "phone", "where_heard", "registration_type", "email_verified_at", "retail_member_id", "tokens_valid_after", "status", "last_login_at", "created_at", "updated_at", "default_allow_substitutes") select "id", "business_id", "email", "password_hash", "first_name", "last_name", "phone", "where_heard", "registration_type", "email_verified_at", "retail_member_id", "tokens_valid_after", "status", "last_login_at", "created_at", "updated_at", "default_allow_substitutes" from "customers__new";
insert into "deal_section_items" ("deal_section_id", "menu_item_id", "extra_cost", "position") select "deal_section_id", "menu_item_id", "extra_cost", "position" from "deal_section_items__new";
insert into "deal_sections" ("id", "deal_id", "name", "minimum_selected", "maximum_selected", "position") select "id", "deal_id", "name", "minimum_selected", "maximum_selected", "position" from "deal_sections__new";
insert into "deals" ("id", "business_id", "slug", "name", "description", "kind", "quantity_required", "price", "discount_percent", "discount_amount", "badge_text", "badge_color", "badge_background_color", "image_url", "starts_at", "ends_at", "position", "is_active", "created_at", "updated_at") select "id", "business_id", "slug", "name", "description", "kind", "quantity_required", "price", "discount_percent", "discount_amount", "badge_text", "badge_color", "badge_background_color", "image_url", "starts_at", "ends_at", "position", "is_active", "created_at", "updated_at" from "deals__new";
insert into "delivery_zones" ("id", "store_id", "kind", "radius_km", "outcode", "delivery_fee", "minimum_spend", "is_active") select "id", "store_id", "kind", "radius_km", "outcode", "delivery_fee", "minimum_spend", "is_active" from "delivery_zones__new";
insert into "devices" ("id", "business_id", "customer_id", "messaging_device_id", "platform", "system_version", "device_model", "device_name", "app_version", "promo_consent_level", "created_at", "updated_at") select "id", "business_id", "customer_id", "messaging_device_id", "platform", "system_version", "device_model", "device_name", "app_version", "promo_consent_level", "created_at", "updated_at" from "devices__new";
insert into "effects" ("id", "business_id", "effect_key", "kind", "payload_json", "status", "attempts", "last_error", "lease_until", "dispatched_at", "created_at", "delivered_at") select "id", "business_id", "effect_key", "kind", "payload_json", "status", "attempts", "last_error", "lease_until", "dispatched_at", "created_at", "delivered_at" from "effects__new";
insert into "email_change_codes" ("id", "business_id", "customer_id", "new_email", "code_hash", "attempts", "max_attempts", "expires_at", "consumed_at", "created_at") select "id", "business_id", "customer_id", "new_email", "code_hash", "attempts", "max_attempts", "expires_at", "consumed_at", "created_at" from "email_change_codes__new";
insert into "faqs" ("id", "business_id", "brand_id", "section", "question", "answer", "position", "is_active") select "id", "business_id", "brand_id", "section", "question", "answer", "position", "is_active" from "faqs__new";
insert into "favourites" ("id", "customer_id", "business_id", "menu_item_id", "created_at") select "id", "customer_id", "business_id", "menu_item_id", "created_at" from "favourites__new";
insert into "geo_addresses" ("place_id", "description", "search_key", "address_line1", "address_line2", "town", "county", "postcode", "country_code", "latitude", "longitude") select "place_id", "description", "search_key", "address_line1", "address_line2", "town", "county", "postcode", "country_code", "latitude", "longitude" from "geo_addresses__new";
insert into "geo_outcodes" ("outcode", "latitude", "longitude", "town") select "outcode", "latitude", "longitude", "town" from "geo_outcodes__new";
insert into "geo_postcodes" ("postcode", "outcode", "latitude", "longitude") select "postcode", "outcode", "latitude", "longitude" from "geo_postcodes__new";
insert into "idempotency_keys" ("business_id", "scope", "idempotency_key", "request_hash", "state", "response_status", "response_body", "created_at", "expires_at") select "business_id", "scope", "idempotency_key", "request_hash", "state", "response_status", "response_body", "created_at", "expires_at" from "idempotency_keys__new";
insert into "insight_rollup_days" ("business_id", "scope", "scope_id", "day", "time_zone", "sums_json", "staff_json", "computed_at") select "business_id", "scope", "scope_id", "day", "time_zone", "sums_json", "staff_json", "computed_at" from "insight_rollup_days__new";
insert into "insight_rollup_runs" ("id", "changes_seen_to") select "id", "changes_seen_to" from "insight_rollup_runs__new";
insert into "interest_requests" ("id", "business_id", "brand_id", "email", "postcode", "created_at") select "id", "business_id", "brand_id", "email", "postcode", "created_at" from "interest_requests__new";
insert into "login_failures" ("id", "business_id", "identifier_hash", "failed_at") select "id", "business_id", "identifier_hash", "failed_at" from "login_failures__new";
insert into "loyalty_accounts" ("id", "business_id", "customer_id", "points_balance", "lifetime_points", "created_at", "updated_at") select "id", "business_id", "customer_id", "points_balance", "lifetime_points", "created_at", "updated_at" from "loyalty_accounts__new";
insert into "loyalty_schemes" ("business_id", "name", "points_per_pound", "reward_threshold", "reward_value", "is_active") select "business_id", "name", "points_per_pound", "reward_threshold", "reward_value", "is_active" from "loyalty_schemes__new";
insert into "loyalty_transactions" ("id", "loyalty_account_id", "seq", "points", "kind", "reference", "order_id", "description", "created_at") select "id", "loyalty_account_id", "seq", "points", "kind", "reference", "order_id", "description", "created_at" from "loyalty_transactions__new";
insert into "marketing_channels" ("id", "business_id", "channel", "name", "description", "position") select "id", "business_id", "channel", "name", "description", "position" from "marketing_channels__new";
insert into "marketing_consents" ("id", "business_id", "customer_id", "channel", "opted_in", "source", "recorded_at") select "id", "business_id", "customer_id", "channel", "opted_in", "source", "recorded_at" from "marketing_consents__new";
insert into "marketing_events" ("id", "business_id", "brand_id", "kind", "event_name", "user_key", "payload_json", "created_at") select "id", "business_id", "brand_id", "kind", "event_name", "user_key", "payload_json", "created_at" from "marketing_events__new";
insert into "marketing_preferences" ("customer_id", "marketing_channel_id", "opted_in", "updated_at") select "customer_id", "marketing_channel_id", "opted_in", "updated_at" from "marketing_preferences__new";
insert into "member_substitution_choices" ("customer_id", "menu_item_id", "allow_substitutes", "substitute_item_id", "updated_at") select "customer_id", "menu_item_id", "allow_substitutes", "substitute_item_id", "updated_at" from "member_substitution_choices__new";
insert into "menu_item_option_value_size_costs" ("id", "option_value_id", "size_id", "extra_cost") select "id", "option_value_id", "size_id", "extra_cost" from "menu_item_option_value_size_costs__new";
insert into "menu_item_option_values" ("id", "option_id", "name", "extra_cost", "is_default", "out_of_stock", "position") select "id", "option_id", "name", "extra_cost", "is_default", "out_of_stock", "position" from "menu_item_option_values__new";
insert into "menu_item_options" ("id", "menu_item_id", "name", "placeholder", "minimum_selected", "maximum_selected", "display_as_grid", "mutually_exclusive", "dependent_on", "dependent_on_value_id", "extra_cost_instances_threshold", "is_size", "position") select "id", "menu_item_id", "name", "placeholder", "minimum_selected", "maximum_selected", "display_as_grid", "mutually_exclusive", "dependent_on", "dependent_on_value_id", "extra_cost_instances_threshold", "is_size", "position" from "menu_item_options__new";
insert into "menu_items" ("id", "business_id", "category_id", "slug", "name", "description", "ingredients", "size", "unit_price_label", "price", "was_price", "badge_text", "badge_color", "badge_background_color", "out_of_stock", "tags", "add_to_basket_type", "quick_add", "age_restriction", "max_quantity", "image_originals", "image_mdpi_1x", "image_xhdpi_2x", "image_xxhdpi_3x", "image_width", "image_height", "position", "is_active", "created_at", "updated_at", "was_price_from", "was_price_until", "image_webp_mdpi_1x", "image_webp_xhdpi_2x", "image_webp_xxhdpi_3x", "unit_amount", "allergens_contains", "allergens_may_contain", "nutrition", "storage_use", "country_of_origin", "net_quantity", "food_operator_name", "food_operator_address", "sold_by", "price_per_kg", "unit_grams", "vat_class") select "id", "business_id", "category_id", "slug", "name", "description", "ingredients", "size", "unit_price_label", "price", "was_price", "badge_text", "badge_color", "badge_background_color", "out_of_stock", "tags", "add_to_basket_type", "quick_add", "age_restriction", "max_quantity", "image_originals", "image_mdpi_1x", "image_xhdpi_2x", "image_xxhdpi_3x", "image_width", "image_height", "position", "is_active", "created_at", "updated_at", "was_price_from", "was_price_until", "image_webp_mdpi_1x", "image_webp_xhdpi_2x", "image_webp_xxhdpi_3x", "unit_amount", "allergens_contains", "allergens_may_contain", "nutrition", "storage_use", "country_of_origin", "net_quantity", "food_operator_name", "food_operator_address", "sold_by", "price_per_kg", "unit_grams", "vat_class" from "menu_items__new";
insert into "newsletter_signups" ("id", "business_id", "brand_id", "email", "created_at") select "id", "business_id", "brand_id", "email", "created_at" from "newsletter_signups__new";
insert into "operator_audit" ("id", "business_id", "staff_id", "action", "entity", "entity_id", "before_json", "after_json", "summary", "at") select "id", "business_id", "staff_id", "action", "entity", "entity_id", "before_json", "after_json", "summary", "at" from "operator_audit__new";
insert into "order_history" ("id", "order_id", "actor_staff_id", "role", "action", "from_status", "to_status", "reason", "detail_json", "at") select "id", "order_id", "actor_staff_id", "role", "action", "from_status", "to_status", "reason", "detail_json", "at" from "order_history__new";
insert into "order_line_picks" ("order_line_id", "order_id", "mark", "picked_quantity", "substitute_menu_item_id", "substitute_name", "substitute_quantity", "substitute_unit_price", "charged_price", "refunded_quantity", "marked_by", "marked_at", "version", "picked_grams", "rejected_at", "rejected_by", "rejected_staff_id", "rejected_amount", "rejected_token", "substitute_vat_class") select "order_line_id", "order_id", "mark", "picked_quantity", "substitute_menu_item_id", "substitute_name", "substitute_quantity", "substitute_unit_price", "charged_price", "refunded_quantity", "marked_by", "marked_at", "version", "picked_grams", "rejected_at", "rejected_by", "rejected_staff_id", "rejected_amount", "rejected_token", "substitute_vat_class" from "order_line_picks__new";
insert into "order_line_selections" ("id", "order_line_id", "option_value_id", "option_name", "value_name", "quantity", "extra_cost") select "id", "order_line_id", "option_value_id", "option_name", "value_name", "quantity", "extra_cost" from "order_line_selections__new";
insert into "order_lines" ("id", "order_id", "menu_item_id", "deal_id", "parent_line_id", "kind", "name", "quantity", "unit_price", "total_price", "age_restriction", "position", "allow_substitutes", "sold_by", "price_per_kg", "unit_grams", "substitute_item_id", "vat_class", "vat_rate", "tax_amount") select "id", "order_id", "menu_item_id", "deal_id", "parent_line_id", "kind", "name", "quantity", "unit_price", "total_price", "age_restriction", "position", "allow_substitutes", "sold_by", "price_per_kg", "unit_grams", "substitute_item_id", "vat_class", "vat_rate", "tax_amount" from "order_lines__new";
insert into "order_status_history" ("id", "order_id", "status", "status_code", "note", "created_at") select "id", "order_id", "status", "status_code", "note", "created_at" from "order_status_history__new";
insert into "orders" ("id", "business_id", "brand_id", "store_id", "customer_id", "basket_id", "business_order_id", "status", "status_code", "fulfilment_method", "fulfilment_timing", "slot_date", "slot_starts_at", "slot_ends_at", "slot_start_utc", "channel", "platform", "payment_method", "payment_gateway", "first_name", "last_name", "email", "phone", "delivery_address_json", "billing_address_json", "delivery_latitude", "delivery_longitude", "instructions", "messaging_device_id", "referral_customer_id", "referral_partner_id", "coupon_id", "coupon_code", "cash_confirmed", "age_verified", "subtotal", "discount_total", "delivery_cost", "service_fee", "delivery_tip", "credit_applied", "tip_refund", "refund", "original_total", "total_adjustment", "total", "currency", "loyalty_points_earned", "driver_latitude", "driver_longitude", "driver_updated_at", "placed_at", "completed_at", "created_at", "updated_at", "basket_version", "coupon_discount", "idempotency_key", "accepted_at", "estimated_ready_at", "picking_started_at", "ready_for_collection_at", "driver_id", "closing_reason", "accept_alerted_at", "action_token", "pricing_terms_json", "picking_difference", "picks_version", "weighed_margin_percent", "weighed_extra", "amend_version", "restored_at", "vat_rates", "tax_total", "tax_json", "tax_reference") select "id", "business_id", "brand_id", "store_id", "customer_id", "basket_id", "business_order_id", "status", "status_code", "fulfilment_method", "fulfilment_timing", "slot_date", "slot_starts_at", "slot_ends_at", "slot_start_utc", "channel", "platform", "payment_method", "payment_gateway", "first_name", "last_name", "email", "phone", "delivery_address_json", "billing_address_json", "delivery_latitude", "delivery_longitude", "instructions", "messaging_device_id", "referral_customer_id", "referral_partner_id", "coupon_id", "coupon_code", "cash_confirmed", "age_verified", "subtotal", "discount_total", "delivery_cost", "service_fee", "delivery_tip", "credit_applied", "tip_refund", "refund", "original_total", "total_adjustment", "total", "currency", "loyalty_points_earned", "driver_latitude", "driver_longitude", "driver_updated_at", "placed_at", "completed_at", "created_at", "updated_at", "basket_version", "coupon_discount", "idempotency_key", "accepted_at", "estimated_ready_at", "picking_started_at", "ready_for_collection_at", "driver_id", "closing_reason", "accept_alerted_at", "action_token", "pricing_terms_json", "picking_difference", "picks_version", "weighed_margin_percent", "weighed_extra", "amend_version", "restored_at", "vat_rates", "tax_total", "tax_json", "tax_reference" from "orders__new";
insert into "otp_codes" ("id", "business_id", "customer_id", "channel", "destination", "code_hash", "request_id", "attempts", "max_attempts", "expires_at", "consumed_at", "created_at") select "id", "business_id", "customer_id", "channel", "destination", "code_hash", "request_id", "attempts", "max_attempts", "expires_at", "consumed_at", "created_at" from "otp_codes__new";
insert into "outbox" ("id", "business_id", "brand_id", "channel", "recipient", "template", "payload_json", "status", "attempts", "last_error", "send_after", "sent_at", "created_at", "idempotency_key") select "id", "business_id", "brand_id", "channel", "recipient", "template", "payload_json", "status", "attempts", "last_error", "send_after", "sent_at", "created_at", "idempotency_key" from "outbox__new";
insert into "password_reset_codes" ("id", "customer_id", "token_hash", "expires_at", "used_at", "created_at") select "id", "customer_id", "token_hash", "expires_at", "used_at", "created_at" from "password_reset_codes__new";
insert into "payment_refunds" ("id", "business_id", "payment_id", "kind", "reference", "amount", "reason", "status", "result_code", "result_message", "action_ref", "created_at", "updated_at", "reconcile_attempts", "reconcile_after", "reconciled_at") select "id", "business_id", "payment_id", "kind", "reference", "amount", "reason", "status", "result_code", "result_message", "action_ref", "created_at", "updated_at", "reconcile_attempts", "reconcile_after", "reconciled_at" from "payment_refunds__new";
insert into "payments" ("id", "business_id", "order_id", "gateway", "method", "status", "amount", "amount_refunded", "currency", "gateway_order_id", "external_ref", "auth_code", "result_code", "result_message", "saved_card_id", "save_card", "idempotency_key", "created_at", "updated_at", "customer_id", "success_url", "failure_url", "cancel_url", "response_url", "payer_ref", "pmt_ref", "completed_at", "shopper_message", "void_reason", "voided_at", "void_result_code", "void_result_message", "card_brand", "card_last4", "capture_later", "captured_amount", "capture_unknown", "void_tries", "amend_pending_id") select "id", "business_id", "order_id", "gateway", "method", "status", "amount", "amount_refunded", "currency", "gateway_order_id", "external_ref", "auth_code", "result_code", "result_message", "saved_card_id", "save_card", "idempotency_key", "created_at", "updated_at", "customer_id", "success_url", "failure_url", "cancel_url", "response_url", "payer_ref", "pmt_ref", "completed_at", "shopper_message", "void_reason", "voided_at", "void_result_code", "void_result_message", "card_brand", "card_last4", "capture_later", "captured_amount", "capture_unknown", "void_tries", "amend_pending_id" from "payments__new";
insert into "postcode_rules" ("business_id", "country_code", "pattern", "normalisation", "example") select "business_id", "country_code", "pattern", "normalisation", "example" from "postcode_rules__new";
insert into "referral_codes" ("id", "business_id", "customer_id", "code", "created_at") select "id", "business_id", "customer_id", "code", "created_at" from "referral_codes__new";
insert into "referral_decisions" ("id", "business_id", "referral_id", "referral_code", "customer_id", "decision", "reason", "created_at") select "id", "business_id", "referral_id", "referral_code", "customer_id", "decision", "reason", "created_at" from "referral_decisions__new";
insert into "referral_schemes" ("business_id", "reward_amount", "monthly_cap", "is_active") select "business_id", "reward_amount", "monthly_cap", "is_active" from "referral_schemes__new";
insert into "referrals" ("id", "business_id", "referral_code_id", "referrer_customer_id", "referee_customer_id", "status", "reward_amount", "qualifying_order_id", "rewarded_at", "created_at", "referee_device_id") select "id", "business_id", "referral_code_id", "referrer_customer_id", "referee_customer_id", "status", "reward_amount", "qualifying_order_id", "rewarded_at", "created_at", "referee_device_id" from "referrals__new";
insert into "reviews" ("id", "order_id", "customer_id", "star_rating", "comment", "created_at", "store_id", "updated_at") select "id", "order_id", "customer_id", "star_rating", "comment", "created_at", "store_id", "updated_at" from "reviews__new";
insert into "sandbox_frames_payments" ("id", "reference", "amount", "currency", "source_id", "status", "response_code", "response_summary", "success_url", "failure_url", "created_at", "settled", "auto_capture", "captured_amount") select "id", "reference", "amount", "currency", "source_id", "status", "response_code", "response_summary", "success_url", "failure_url", "created_at", "settled", "auto_capture", "captured_amount" from "sandbox_frames_payments__new";
insert into "sandbox_frames_sources" ("id", "brand", "last4", "expiry_month", "expiry_year", "result_code", "challenge", "created_at") select "id", "brand", "last4", "expiry_month", "expiry_year", "result_code", "challenge", "created_at" from "sandbox_frames_sources__new";
insert into "sandbox_frames_tokens" ("token", "kind", "brand", "last4", "expiry_month", "expiry_year", "result_code", "challenge", "used_at", "created_at") select "token", "kind", "brand", "last4", "expiry_month", "expiry_year", "result_code", "challenge", "used_at", "created_at" from "sandbox_frames_tokens__new";
insert into "sandbox_hpp_requests" ("order_id", "merchant_id", "account", "amount", "currency", "response_url", "cancel_url", "card_storage", "payer_ref", "pmt_ref", "select_stored_card", "status", "challenge_brand", "challenge_last4", "challenge_expiry", "result_code", "pasref", "voided_at", "created_at", "settled", "auto_settle", "captured_amount") select "order_id", "merchant_id", "account", "amount", "currency", "response_url", "cancel_url", "card_storage", "payer_ref", "pmt_ref", "select_stored_card", "status", "challenge_brand", "challenge_last4", "challenge_expiry", "result_code", "pasref", "voided_at", "created_at", "settled", "auto_settle", "captured_amount" from "sandbox_hpp_requests__new";
insert into "sandbox_identity_keys" ("kid", "private_jwk", "public_jwk", "created_at") select "kid", "private_jwk", "public_jwk", "created_at" from "sandbox_identity_keys__new";
insert into "sandbox_refunds" ("id", "provider", "transaction_ref", "amount", "currency", "reference", "action_id", "created_at") select "id", "provider", "transaction_ref", "amount", "currency", "reference", "action_id", "created_at" from "sandbox_refunds__new";
insert into "sandbox_stored_cards" ("id", "merchant_id", "payer_ref", "pmt_ref", "brand", "last4", "expiry", "cardholder_name", "result_code", "created_at") select "id", "merchant_id", "payer_ref", "pmt_ref", "brand", "last4", "expiry", "cardholder_name", "result_code", "created_at" from "sandbox_stored_cards__new";
insert into "sandbox_wallet_tokens" ("id", "wallet", "outcome", "used_at", "created_at") select "id", "wallet", "outcome", "used_at", "created_at" from "sandbox_wallet_tokens__new";
insert into "saved_cards" ("id", "customer_id", "gateway", "token", "brand", "last4", "expiry_month", "expiry_year", "cardholder_name", "is_default", "created_at") select "id", "customer_id", "gateway", "token", "brand", "last4", "expiry_month", "expiry_year", "cardholder_name", "is_default", "created_at" from "saved_cards__new";
insert into "seo_metadata" ("id", "business_id", "brand_id", "path", "title", "description", "noindex", "canonical_path") select "id", "business_id", "brand_id", "path", "title", "description", "noindex", "canonical_path" from "seo_metadata__new";
insert into "seo_pages" ("id", "business_id", "brand_id", "slug", "title", "meta_description", "heading", "body", "noindex", "updated_at") select "id", "business_id", "brand_id", "slug", "title", "meta_description", "heading", "body", "noindex", "updated_at" from "seo_pages__new";
insert into "seo_redirects" ("id", "business_id", "from_slug", "to_path", "status_code") select "id", "business_id", "from_slug", "to_path", "status_code" from "seo_redirects__new";
insert into "sitemaps" ("id", "brand_id", "name", "body", "generated_at") select "id", "brand_id", "name", "body", "generated_at" from "sitemaps__new";
insert into "slot_reservations" ("id", "time_slot_id", "store_id", "basket_id", "order_id", "fulfilment_method", "is_asap", "status", "postcode", "latitude", "longitude", "expires_at", "confirmed_at", "released_at", "created_at") select "id", "time_slot_id", "store_id", "basket_id", "order_id", "fulfilment_method", "is_asap", "status", "postcode", "latitude", "longitude", "expires_at", "confirmed_at", "released_at", "created_at" from "slot_reservations__new";
insert into "social_link_requests" ("id", "business_id", "customer_id", "provider", "subject", "token_hash", "expires_at", "consumed_at", "created_at") select "id", "business_id", "customer_id", "provider", "subject", "token_hash", "expires_at", "consumed_at", "created_at" from "social_link_requests__new";
insert into "staff_accounts" ("id", "business_id", "email", "name", "password_hash", "status", "is_operator", "last_sign_in_at", "created_at", "updated_at") select "id", "business_id", "email", "name", "password_hash", "status", "is_operator", "last_sign_in_at", "created_at", "updated_at" from "staff_accounts__new";
insert into "staff_invitations" ("id", "business_id", "staff_id", "token_hash", "role", "store_ids_json", "invited_by", "expires_at", "accepted_at", "retired_at", "created_at") select "id", "business_id", "staff_id", "token_hash", "role", "store_ids_json", "invited_by", "expires_at", "accepted_at", "retired_at", "created_at" from "staff_invitations__new";
insert into "staff_refresh_tokens" ("id", "session_id", "token_hash", "expires_at", "used_at", "created_at") select "id", "session_id", "token_hash", "expires_at", "used_at", "created_at" from "staff_refresh_tokens__new";
insert into "staff_sessions" ("id", "business_id", "staff_id", "created_at", "expires_at", "revoked_at", "revoked_reason", "user_agent") select "id", "business_id", "staff_id", "created_at", "expires_at", "revoked_at", "revoked_reason", "user_agent" from "staff_sessions__new";
insert into "staff_sign_in_codes" ("id", "business_id", "staff_id", "challenge_id", "code_hash", "attempts", "max_attempts", "expires_at", "consumed_at", "created_at") select "id", "business_id", "staff_id", "challenge_id", "code_hash", "attempts", "max_attempts", "expires_at", "consumed_at", "created_at" from "staff_sign_in_codes__new";
insert into "staff_store_roles" ("staff_id", "store_id", "role", "created_at") select "staff_id", "store_id", "role", "created_at" from "staff_store_roles__new";
insert into "store_closures" ("id", "store_id", "closed_on", "reason") select "id", "store_id", "closed_on", "reason" from "store_closures__new";
insert into "store_menu_items" ("store_id", "menu_item_id", "price", "was_price", "out_of_stock", "is_available", "stock_quantity", "updated_at", "was_price_from", "was_price_until") select "store_id", "menu_item_id", "price", "was_price", "out_of_stock", "is_available", "stock_quantity", "updated_at", "was_price_from", "was_price_until" from "store_menu_items__new";
insert into "store_opening_hours" ("id", "store_id", "fulfilment_method", "day_of_week", "opens_at", "closes_at") select "id", "store_id", "fulfilment_method", "day_of_week", "opens_at", "closes_at" from "store_opening_hours__new";
insert into "stores" ("id", "business_id", "slug", "name", "description", "phone", "email", "address_line1", "address_line2", "town", "county", "postcode", "country_code", "latitude", "longitude", "time_zone", "is_active", "is_temporarily_closed", "delivery_enabled", "collection_enabled", "delivery_radius_km", "delivery_fee", "collection_fee", "service_fee", "free_delivery_threshold", "minimum_spend", "collection_minimum_spend", "days_in_advance", "accepts_card", "accepts_apple_pay", "accepts_google_pay", "accepts_cash", "asap_enabled", "delivery_lead_minutes", "collection_lead_minutes", "slot_duration_minutes", "slot_capacity", "max_basket_items", "image_url", "seo_title", "seo_description", "created_at", "updated_at", "order_accept_window_minutes", "paused_until", "pause_reason") select "id", "business_id", "slug", "name", "description", "phone", "email", "address_line1", "address_line2", "town", "county", "postcode", "country_code", "latitude", "longitude", "time_zone", "is_active", "is_temporarily_closed", "delivery_enabled", "collection_enabled", "delivery_radius_km", "delivery_fee", "collection_fee", "service_fee", "free_delivery_threshold", "minimum_spend", "collection_minimum_spend", "days_in_advance", "accepts_card", "accepts_apple_pay", "accepts_google_pay", "accepts_cash", "asap_enabled", "delivery_lead_minutes", "collection_lead_minutes", "slot_duration_minutes", "slot_capacity", "max_basket_items", "image_url", "seo_title", "seo_description", "created_at", "updated_at", "order_accept_window_minutes", "paused_until", "pause_reason" from "stores__new";
insert into "time_slots" ("id", "store_id", "fulfilment_method", "slot_date", "starts_at", "ends_at", "start_utc", "end_utc", "capacity", "reserved_count", "is_blocked") select "id", "store_id", "fulfilment_method", "slot_date", "starts_at", "ends_at", "start_utc", "end_utc", "capacity", "reserved_count", "is_blocked" from "time_slots__new";
insert into "verification_codes" ("id", "business_id", "customer_id", "purpose", "destination", "code_hash", "attempts", "max_attempts", "expires_at", "consumed_at", "created_at") select "id", "business_id", "customer_id", "purpose", "destination", "code_hash", "attempts", "max_attempts", "expires_at", "consumed_at", "created_at" from "verification_codes__new";
pragma defer_foreign_keys = off;
drop table "verification_codes__new";
drop table "store_opening_hours__new";
drop table "store_menu_items__new";
drop table "store_closures__new";
drop table "staff_store_roles__new";
drop table "staff_sign_in_codes__new";
drop table "staff_refresh_tokens__new";
drop table "staff_sessions__new";
drop table "staff_invitations__new";
drop table "social_link_requests__new";
drop table "slot_reservations__new";
drop table "time_slots__new";
drop table "sitemaps__new";
drop table "seo_redirects__new";
drop table "seo_pages__new";
drop table "seo_metadata__new";
drop table "sandbox_wallet_tokens__new";
drop table "sandbox_stored_cards__new";
drop table "sandbox_refunds__new";
drop table "sandbox_identity_keys__new";
drop table "sandbox_hpp_requests__new";
drop table "sandbox_frames_tokens__new";
drop table "sandbox_frames_sources__new";
drop table "sandbox_frames_payments__new";
drop table "reviews__new";
drop table "referral_schemes__new";
drop table "referral_decisions__new";
drop table "postcode_rules__new";
drop table "payment_refunds__new";
drop table "payments__new";
drop table "saved_cards__new";
drop table "password_reset_codes__new";
drop table "outbox__new";
drop table "otp_codes__new";
drop table "order_status_history__new";
drop table "order_line_selections__new";
drop table "order_line_picks__new";
drop table "order_lines__new";
drop table "order_history__new";
drop table "operator_audit__new";
drop table "newsletter_signups__new";
drop table "menu_item_option_value_size_costs__new";
drop table "member_substitution_choices__new";
drop table "marketing_preferences__new";
drop table "marketing_events__new";
drop table "marketing_consents__new";
drop table "marketing_channels__new";
drop table "loyalty_transactions__new";
drop table "loyalty_schemes__new";
drop table "loyalty_accounts__new";
drop table "login_failures__new";
drop table "interest_requests__new";
drop table "insight_rollup_runs__new";
drop table "insight_rollup_days__new";
drop table "idempotency_keys__new";
drop table "geo_postcodes__new";
drop table "geo_outcodes__new";
drop table "geo_addresses__new";
drop table "favourites__new";
drop table "faqs__new";
drop table "email_change_codes__new";
drop table "effects__new";
drop table "delivery_zones__new";
drop table "deal_section_items__new";
drop table "customer_identities__new";
drop table "customer_credit_ledger__new";
drop table "referrals__new";
drop table "referral_codes__new";
drop table "customer_addresses__new";
drop table "coupon_redemptions__new";
drop table "countries__new";
drop table "content_blocks__new";
drop table "contact_request_attachments__new";
drop table "contact_requests__new";
drop table "brand_settings__new";
drop table "brand_links__new";
drop table "brand_hosts__new";
drop table "brand_domains__new";
drop table "basket_tokens__new";
drop table "basket_meal_deal_choices__new";
drop table "basket_meal_deals__new";
drop table "deal_sections__new";
drop table "basket_line_selections__new";
drop table "basket_lines__new";
drop table "menu_item_options__new";
drop table "menu_item_option_values__new";
drop table "banner_metrics__new";
drop table "banners__new";
drop table "deals__new";
drop table "menu_items__new";
drop table "categories__new";
drop table "auth_refresh_tokens__new";
drop table "devices__new";
drop table "auth_nonces__new";
drop table "archived_orders__new";
drop table "amend_pending__new";
drop table "orders__new";
drop table "baskets__new";
drop table "stores__new";
drop table "brands__new";
drop table "customers__new";
drop table "coupons__new";
drop table "staff_accounts__new";
drop table "businesses__new";
CREATE INDEX amend_pending_order on amend_pending(order_id, status);
CREATE INDEX archived_orders_customer on archived_orders (business_id, customer_id, placed_at);
CREATE INDEX archived_orders_email on archived_orders (business_id, email_hash)
  where email_hash is not null;
CREATE INDEX auth_nonces_expiry on auth_nonces(expires_at);
CREATE INDEX auth_refresh_tokens_customer on auth_refresh_tokens(customer_id);
CREATE INDEX auth_refresh_tokens_family on auth_refresh_tokens(family_id);
CREATE INDEX banners_placement on banners(business_id, category_id, is_active, position);
CREATE INDEX basket_line_selections_line on basket_line_selections(basket_line_id);
CREATE INDEX basket_lines_basket on basket_lines(basket_id);
CREATE INDEX basket_meal_deal_choices_deal on basket_meal_deal_choices(basket_meal_deal_id);
CREATE INDEX basket_meal_deals_basket on basket_meal_deals(basket_id);
CREATE INDEX basket_tokens_basket on basket_tokens(basket_id);
CREATE INDEX baskets_customer on baskets(customer_id, status);
CREATE INDEX baskets_store on baskets(store_id);
CREATE INDEX brand_domains_brand on brand_domains(brand_id);
CREATE INDEX brand_domains_pending on brand_domains(status) where status = 'pending';
CREATE INDEX brand_hosts_brand on brand_hosts(brand_id);
CREATE INDEX brands_business on brands(business_id);
CREATE INDEX categories_parent on categories(parent_id, position);
CREATE INDEX categories_tree on categories(business_id, parent_id, position);
CREATE INDEX contact_request_attachments_request on contact_request_attachments(contact_request_id);
CREATE INDEX contact_requests_business on contact_requests(business_id, created_at);
CREATE UNIQUE INDEX content_blocks_key on content_blocks(business_id, coalesce(brand_id, 0), placement, key);
CREATE INDEX coupon_redemptions_customer on coupon_redemptions(coupon_id, customer_id);
CREATE INDEX coupon_redemptions_email on coupon_redemptions(coupon_id, email);
CREATE INDEX customer_addresses_customer on customer_addresses(customer_id, type);
CREATE UNIQUE INDEX customer_addresses_one_default on customer_addresses(customer_id, type)
  where is_default = 1;
CREATE INDEX customer_credit_ledger_customer on customer_credit_ledger(customer_id, id);
CREATE INDEX customer_credit_ledger_kind_created on customer_credit_ledger(business_id, kind,
  created_at);
CREATE INDEX customer_credit_ledger_order on customer_credit_ledger(order_id);
CREATE INDEX customer_identities_customer on customer_identities(customer_id);
CREATE INDEX deal_section_items_item on deal_section_items(menu_item_id);
CREATE INDEX deal_sections_deal on deal_sections(deal_id, position);
CREATE INDEX deals_business on deals(business_id, is_active, position);
CREATE INDEX delivery_zones_outcode on delivery_zones(outcode) where outcode is not null;
CREATE INDEX delivery_zones_store on delivery_zones(store_id);
CREATE INDEX devices_customer on devices(customer_id);
CREATE INDEX effects_business_dead on effects(business_id, status, created_at);
CREATE INDEX effects_waiting on effects(status, dispatched_at);
CREATE INDEX email_change_codes_customer on email_change_codes(customer_id, id);
CREATE INDEX faqs_business on faqs(business_id, brand_id, position);
CREATE INDEX geo_addresses_lat_lng on geo_addresses(latitude, longitude);
CREATE INDEX geo_addresses_postcode on geo_addresses(postcode);
CREATE INDEX geo_addresses_search on geo_addresses(search_key);
CREATE INDEX geo_postcodes_lat_lng on geo_postcodes(latitude, longitude);
CREATE INDEX geo_postcodes_outcode on geo_postcodes(outcode);
CREATE INDEX idempotency_keys_expiry on idempotency_keys(expires_at);
CREATE INDEX login_failures_account on login_failures(business_id, identifier_hash, failed_at);
CREATE INDEX login_failures_age on login_failures(failed_at);
CREATE INDEX loyalty_transactions_order on loyalty_transactions(order_id);
CREATE INDEX marketing_consents_customer on marketing_consents(customer_id, id);
CREATE INDEX marketing_events_brand on marketing_events(brand_id, created_at);
CREATE INDEX marketing_events_business on marketing_events(business_id, created_at);
CREATE INDEX menu_item_option_value_size_costs_size on menu_item_option_value_size_costs(size_id);
CREATE INDEX menu_item_option_values_option on menu_item_option_values(option_id, position);
CREATE INDEX menu_item_options_item on menu_item_options(menu_item_id, position);
CREATE INDEX menu_items_business_category on menu_items(business_id, category_id, is_active, position);
CREATE INDEX menu_items_category on menu_items(category_id, position);
CREATE INDEX menu_items_name on menu_items(lower(name), business_id);
CREATE INDEX menu_items_offers on menu_items(business_id, position, id)
  where is_active = 1 and (badge_text is not null or was_price is not null);
CREATE INDEX operator_audit_business_at on operator_audit(business_id, at desc, id desc);
CREATE INDEX operator_audit_entity on operator_audit(business_id, entity, entity_id, id desc);
CREATE INDEX order_history_action_at on order_history(action, at);
CREATE INDEX order_history_at on order_history(at);
CREATE INDEX order_history_order on order_history(order_id, id);
CREATE INDEX order_line_picks_marked on order_line_picks(marked_at, marked_by);
CREATE INDEX order_line_picks_order on order_line_picks(order_id);
CREATE INDEX order_line_selections_line on order_line_selections(order_line_id);
CREATE INDEX order_lines_order on order_lines(order_id, position);
CREATE INDEX order_status_history_order on order_status_history(order_id, created_at);
CREATE INDEX orders_basket on orders(basket_id);
CREATE INDEX orders_basket_status on orders(basket_id, status, id);
CREATE INDEX orders_brand_placed on orders(brand_id, placed_at);
CREATE INDEX orders_business_email_placed on orders(business_id, email, placed_at);
CREATE INDEX orders_business_placed on orders(business_id, placed_at);
CREATE INDEX orders_customer_placed on orders(customer_id, placed_at desc);
CREATE INDEX orders_customer_store_placed on orders(customer_id, store_id, placed_at desc);
CREATE UNIQUE INDEX orders_idempotency_key on orders(business_id, idempotency_key)
  where idempotency_key is not null;
CREATE INDEX orders_status on orders(business_id, status);
CREATE INDEX orders_status_placed on orders(status, placed_at);
CREATE INDEX orders_store_placed on orders(store_id, placed_at desc);
CREATE INDEX orders_store_status_placed on orders(store_id, status, placed_at desc);
CREATE INDEX orders_updated on orders(updated_at);
CREATE INDEX otp_codes_customer on otp_codes(customer_id, consumed_at);
CREATE INDEX otp_codes_destination on otp_codes(business_id, destination, created_at);
CREATE UNIQUE INDEX outbox_idempotency on outbox(idempotency_key) where idempotency_key is not null;
CREATE INDEX outbox_pending on outbox(status, send_after);
CREATE INDEX outbox_recipient on outbox(recipient, created_at);
CREATE INDEX password_reset_codes_customer on password_reset_codes(customer_id);
CREATE INDEX payment_refunds_payment on payment_refunds(payment_id);
CREATE INDEX payment_refunds_unsettled on payment_refunds(created_at)
  where status in ('pending', 'unknown');
CREATE UNIQUE INDEX payments_amend_pending on payments(amend_pending_id)
  where amend_pending_id is not null;
CREATE UNIQUE INDEX payments_one_live_attempt on payments(order_id) where status = 'pending';
CREATE INDEX payments_order on payments(order_id);
CREATE INDEX payments_unanswered on payments(created_at) where status = 'pending' and completed_at is null;
CREATE INDEX payments_void_owed on payments(id) where void_reason is not null and voided_at is null;
CREATE INDEX referral_decisions_referral on referral_decisions(referral_id);
CREATE INDEX referrals_referrer on referrals(referrer_customer_id);
CREATE INDEX referrals_referrer_rewarded on referrals(referrer_customer_id, rewarded_at);
CREATE INDEX reviews_customer on reviews(customer_id);
CREATE INDEX reviews_store on reviews(store_id, star_rating);
CREATE INDEX sandbox_refunds_transaction on sandbox_refunds(provider, transaction_ref);
CREATE INDEX saved_cards_customer on saved_cards(customer_id);
CREATE UNIQUE INDEX seo_metadata_path on seo_metadata(business_id, coalesce(brand_id, 0), path);
CREATE UNIQUE INDEX seo_pages_slug on seo_pages(business_id, coalesce(brand_id, 0), slug);
CREATE INDEX slot_reservations_basket on slot_reservations(basket_id, status);
CREATE INDEX slot_reservations_expiry on slot_reservations(status, expires_at);
CREATE UNIQUE INDEX slot_reservations_one_held on slot_reservations(basket_id) where status = 'held';
CREATE INDEX slot_reservations_slot on slot_reservations(time_slot_id, status);
CREATE INDEX social_link_requests_expiry on social_link_requests(expires_at);
CREATE INDEX staff_invitations_staff on staff_invitations(staff_id, accepted_at);
CREATE INDEX staff_refresh_tokens_session on staff_refresh_tokens(session_id);
CREATE INDEX staff_sessions_staff on staff_sessions(staff_id, revoked_at);
CREATE INDEX staff_sign_in_codes_staff on staff_sign_in_codes(staff_id, consumed_at);
CREATE INDEX staff_store_roles_store on staff_store_roles(store_id, role);
CREATE INDEX store_menu_items_item on store_menu_items(menu_item_id);
CREATE INDEX store_opening_hours_week
  on store_opening_hours(store_id, day_of_week, opens_at, fulfilment_method, closes_at);
CREATE INDEX stores_business_lat_lng on stores(business_id, latitude, longitude);
CREATE INDEX stores_business_postcode on stores(business_id, postcode);
CREATE INDEX stores_business_town_name on stores(business_id, town, name);
CREATE INDEX stores_search_box on stores(business_id, is_active, latitude, longitude);
CREATE INDEX time_slots_store_date on time_slots(store_id, fulfilment_method, slot_date);
CREATE INDEX verification_codes_customer on verification_codes(customer_id, purpose);
CREATE INDEX verification_codes_lookup on verification_codes(business_id, destination, purpose);
CREATE TRIGGER categories_fts_delete after delete on categories begin
  delete from categories_fts where rowid = old.id;
end;
CREATE TRIGGER categories_fts_insert after insert on categories begin
  insert into categories_fts (rowid, name, description)
  values (new.id, new.name, coalesce(new.description, ''));
end;
CREATE TRIGGER categories_fts_update after update of name, description on categories begin
  delete from categories_fts where rowid = old.id;
  insert into categories_fts (rowid, name, description)
  values (new.id, new.name, coalesce(new.description, ''));
end;
CREATE TRIGGER categories_rename_items_fts after update of name on categories begin
  update menu_items_fts
  set category_name = (
    select c.name || coalesce(' ' || p.name, '')
    from menu_items m join categories c on c.id = m.category_id
    left join categories p on p.id = c.parent_id
    where m.id = menu_items_fts.rowid
  )
  where rowid in (
    select id from menu_items
    where category_id = new.id or category_id in (select id from categories where parent_id = new.id)
  );
end;
CREATE TRIGGER customer_credit_never_negative
before insert on customer_credit_ledger
when new.amount < 0 and (
  select coalesce(sum(amount), 0) from customer_credit_ledger where customer_id = new.customer_id
) + new.amount < 0
begin
  select raise(abort, 'store credit would go below zero');
end;
CREATE TRIGGER deals_fts_delete after delete on deals begin
  delete from deals_fts where rowid = old.id;
end;
CREATE TRIGGER deals_fts_insert after insert on deals begin
  insert into deals_fts (rowid, name, description) values (new.id, new.name, coalesce(new.description, ''));
end;
CREATE TRIGGER deals_fts_update after update of name, description on deals begin
  delete from deals_fts where rowid = old.id;
  insert into deals_fts (rowid, name, description) values (new.id, new.name, coalesce(new.description, ''));
end;
CREATE TRIGGER geo_addresses_fts_delete after delete on geo_addresses begin
  delete from geo_addresses_fts where place_id = old.place_id;
end;
CREATE TRIGGER geo_addresses_fts_insert after insert on geo_addresses begin
  insert into geo_addresses_fts (place_id, street, town, postcode, postcode_key)
  values (
    new.place_id,
    new.address_line1 || coalesce(' ' || new.address_line2, ''),
    new.town,
    new.postcode,
    lower(replace(new.postcode, ' ', ''))
  );
end;
CREATE TRIGGER geo_addresses_fts_update after update on geo_addresses begin
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
CREATE TRIGGER menu_items_fts_delete after delete on menu_items begin
  delete from menu_items_fts where rowid = old.id;
end;
CREATE TRIGGER menu_items_fts_insert after insert on menu_items begin
  insert into menu_items_fts (rowid, name, description, tags, category_name, allergens)
  values (
    new.id,
    new.name,
    coalesce(new.description, ''),
    (select coalesce(group_concat(value, ' '), '') from json_each(new.tags)),
    (select c.name || coalesce(' ' || p.name, '')
       from categories c left join categories p on p.id = c.parent_id where c.id = new.category_id),
    (case when new.nutrition is not null or new.allergens_contains <> '[]'
        or new.allergens_may_contain <> '[]' then 'declared' else '' end)
      || (select coalesce(' ' || group_concat(value, ' '), '') from (
        select value from json_each(new.allergens_contains)
        union all select value from json_each(new.allergens_may_contain)))
  );
end;
CREATE TRIGGER menu_items_fts_update after update of name, description, tags, category_id,
  allergens_contains, allergens_may_contain, nutrition on menu_items
begin
  delete from menu_items_fts where rowid = old.id;
  insert into menu_items_fts (rowid, name, description, tags, category_name, allergens)
  values (
    new.id,
    new.name,
    coalesce(new.description, ''),
    (select coalesce(group_concat(value, ' '), '') from json_each(new.tags)),
    (select c.name || coalesce(' ' || p.name, '')
       from categories c left join categories p on p.id = c.parent_id where c.id = new.category_id),
    (case when new.nutrition is not null or new.allergens_contains <> '[]'
        or new.allergens_may_contain <> '[]' then 'declared' else '' end)
      || (select coalesce(' ' || group_concat(value, ' '), '') from (
        select value from json_each(new.allergens_contains)
        union all select value from json_each(new.allergens_may_contain)))
  );
end;
CREATE TRIGGER seo_redirects_no_self_loop before insert on seo_redirects
when '/' || new.from_slug = new.to_path
begin
  select raise(abort, 'a redirect may not point at itself');
end;
CREATE TRIGGER seo_redirects_no_self_loop_update before update on seo_redirects
when '/' || new.from_slug = new.to_path
begin
  select raise(abort, 'a redirect may not point at itself');
end;
