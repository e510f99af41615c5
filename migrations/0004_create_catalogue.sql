-- Migration number: 0004 	 2026-11-21T08:00:02.000Z
-- Catalogue: the category tree, menu items with images and badges, per-store overrides, item
-- options (spec §3) and full-text search kept in sync by triggers.

create table categories (
  id integer primary key,
  business_id integer not null references businesses(id) on delete cascade,
  parent_id integer references categories(id) on delete cascade,
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
  updated_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  unique (business_id, slug)
);
create index categories_tree on categories(business_id, parent_id, position);
create index categories_parent on categories(parent_id, position);

create table menu_items (
  id integer primary key,
  business_id integer not null references businesses(id) on delete cascade,
  category_id integer not null references categories(id),
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
  updated_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  unique (business_id, slug)
);
create index menu_items_category on menu_items(category_id, position);
create index menu_items_business_category on menu_items(business_id, category_id, is_active, position);

-- A store's own price and stock for an item. No row = the item's defaults.
create table store_menu_items (
  store_id integer not null references stores(id) on delete cascade,
  menu_item_id integer not null references menu_items(id) on delete cascade,
  price integer check (price is null or price > 0),
  was_price integer check (was_price is null or was_price > 0),
  out_of_stock integer check (out_of_stock is null or out_of_stock in (0, 1)),
  -- 0 = this store does not sell the item at all.
  is_available integer not null default 1 check (is_available in (0, 1)),
  stock_quantity integer check (stock_quantity is null or stock_quantity >= 0),
  updated_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  primary key (store_id, menu_item_id)
) without rowid;
create index store_menu_items_item on store_menu_items(menu_item_id);

-- Menu item option (spec §3): a group of values the shopper chooses from.
create table menu_item_options (
  id integer primary key,
  menu_item_id integer not null references menu_items(id) on delete cascade,
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
  dependent_on integer references menu_item_options(id) on delete cascade,
  dependent_on_value_id integer references menu_item_option_values(id) on delete cascade,
  -- The first N selected instances are free; extra costs apply from instance N + 1. Null = all charged.
  extra_cost_instances_threshold integer
    check (extra_cost_instances_threshold is null or extra_cost_instances_threshold >= 0),
  -- 1 for the size option whose values are the size_id of menu_item_option_value_size_costs.
  is_size integer not null default 0 check (is_size in (0, 1)),
  position integer not null default 0
);
create index menu_item_options_item on menu_item_options(menu_item_id, position);

create table menu_item_option_values (
  id integer primary key,
  option_id integer not null references menu_item_options(id) on delete cascade,
  name text not null,
  extra_cost integer not null default 0 check (extra_cost >= 0),
  is_default integer not null default 0 check (is_default in (0, 1)),
  out_of_stock integer not null default 0 check (out_of_stock in (0, 1)),
  position integer not null default 0
);
create index menu_item_option_values_option on menu_item_option_values(option_id, position);

-- sizeExtraCost (spec §3): the value's extra cost when the item's size value size_id is chosen.
create table menu_item_option_value_size_costs (
  id integer primary key,
  option_value_id integer not null references menu_item_option_values(id) on delete cascade,
  size_id integer not null references menu_item_option_values(id) on delete cascade,
  extra_cost integer not null check (extra_cost >= 0),
  unique (option_value_id, size_id)
);
create index menu_item_option_value_size_costs_size on menu_item_option_value_size_costs(size_id);

-- Full-text search (spec §7 global search). rowid = menu_items.id; category_name carries the
-- item's category and its parent so "dairy" finds cheese. Query with MATCH and a prefix ("chee*").
create virtual table menu_items_fts using fts5(
  name, description, tags, category_name,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3'
);

create trigger menu_items_fts_insert after insert on menu_items begin
  insert into menu_items_fts (rowid, name, description, tags, category_name)
  values (
    new.id,
    new.name,
    coalesce(new.description, ''),
    (select coalesce(group_concat(value, ' '), '') from json_each(new.tags)),
    (select c.name || coalesce(' ' || p.name, '')
       from categories c left join categories p on p.id = c.parent_id where c.id = new.category_id)
  );
end;

create trigger menu_items_fts_delete after delete on menu_items begin
  delete from menu_items_fts where rowid = old.id;
end;

create trigger menu_items_fts_update after update of name, description, tags, category_id on menu_items
begin
  delete from menu_items_fts where rowid = old.id;
  insert into menu_items_fts (rowid, name, description, tags, category_name)
  values (
    new.id,
    new.name,
    coalesce(new.description, ''),
    (select coalesce(group_concat(value, ' '), '') from json_each(new.tags)),
    (select c.name || coalesce(' ' || p.name, '')
       from categories c left join categories p on p.id = c.parent_id where c.id = new.category_id)
  );
end;

-- A renamed category re-labels its own items and its sub-categories' items.
create trigger categories_rename_items_fts after update of name on categories begin
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

-- Categories are searched too (the search page's categories tab). rowid = categories.id.
create virtual table categories_fts using fts5(
  name, description,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3'
);

create trigger categories_fts_insert after insert on categories begin
  insert into categories_fts (rowid, name, description)
  values (new.id, new.name, coalesce(new.description, ''));
end;

create trigger categories_fts_delete after delete on categories begin
  delete from categories_fts where rowid = old.id;
end;

create trigger categories_fts_update after update of name, description on categories begin
  delete from categories_fts where rowid = old.id;
  insert into categories_fts (rowid, name, description)
  values (new.id, new.name, coalesce(new.description, ''));
end;
