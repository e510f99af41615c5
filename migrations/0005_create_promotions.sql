-- Migration number: 0005 	 2026-11-21T08:00:03.000Z
-- Promotions: deals (discounts) and meal deals with sections of choices, banners with counters,
-- and coupons.

-- A deal (spec: discountId) groups eligible items into sections (discountSectionId).
--   multibuy:   buy quantity_required items from the sections for `price` (e.g. any 3 for £5)
--   meal_deal:  one choice per section (main, snack, drink) for `price`
--   percent_off / amount_off: discount_percent / discount_amount off each eligible item
create table deals (
  id integer primary key,
  business_id integer not null references businesses(id) on delete cascade,
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
create index deals_business on deals(business_id, is_active, position);

create table deal_sections (
  id integer primary key,
  deal_id integer not null references deals(id) on delete cascade,
  name text not null,
  minimum_selected integer not null default 1 check (minimum_selected >= 0),
  maximum_selected integer not null default 1 check (maximum_selected >= 1)
    check (minimum_selected <= maximum_selected),
  position integer not null default 0
);
create index deal_sections_deal on deal_sections(deal_id, position);

-- The choices of a section. extra_cost is a premium on top of the deal price (e.g. +50p).
create table deal_section_items (
  deal_section_id integer not null references deal_sections(id) on delete cascade,
  menu_item_id integer not null references menu_items(id) on delete cascade,
  extra_cost integer not null default 0 check (extra_cost >= 0),
  position integer not null default 0,
  primary key (deal_section_id, menu_item_id)
) without rowid;
create index deal_section_items_item on deal_section_items(menu_item_id);

create virtual table deals_fts using fts5(
  name, description,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3'
);
create trigger deals_fts_insert after insert on deals begin
  insert into deals_fts (rowid, name, description) values (new.id, new.name, coalesce(new.description, ''));
end;
create trigger deals_fts_delete after delete on deals begin
  delete from deals_fts where rowid = old.id;
end;
create trigger deals_fts_update after update of name, description on deals begin
  delete from deals_fts where rowid = old.id;
  insert into deals_fts (rowid, name, description) values (new.id, new.name, coalesce(new.description, ''));
end;

create table banners (
  id integer primary key,
  business_id integer not null references businesses(id) on delete cascade,
  -- Null = every brand of the business.
  brand_id integer references brands(id) on delete cascade,
  slug text not null,
  title text not null,
  subtitle text,
  image_url text not null,
  image_width integer not null default 1200 check (image_width > 0),
  image_height integer not null default 400 check (image_height > 0),
  -- Where a click goes: a category, a deal, an item, an outside URL or nowhere.
  link_type text not null default 'none'
    check (link_type in ('none', 'category', 'deal', 'menu_item', 'url')),
  link_category_id integer references categories(id) on delete set null,
  link_deal_id integer references deals(id) on delete set null,
  link_menu_item_id integer references menu_items(id) on delete set null,
  link_url text,
  -- Where it shows: store home (category_id null) or a category page; null store = all stores.
  store_id integer references stores(id) on delete cascade,
  category_id integer references categories(id) on delete cascade,
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
create index banners_placement on banners(business_id, category_id, is_active, position);

-- Daily counters per platform (spec §7: click and impression carry bannerId and platform).
create table banner_metrics (
  banner_id integer not null references banners(id) on delete cascade,
  platform text not null check (platform in ('web', 'ios', 'android')),
  day text not null,
  clicks integer not null default 0 check (clicks >= 0),
  impressions integer not null default 0 check (impressions >= 0),
  primary key (banner_id, platform, day)
) without rowid;

create table coupons (
  id integer primary key,
  business_id integer not null references businesses(id) on delete cascade,
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
