-- Issue 13 §4: price claims need the period the earlier price was charged, and tobacco and
-- alcohol need one classification each that the promotions read.

-- The period (ISO 8601 instants) over which was_price was the price charged; the current price
-- has been charged since was_price_until. Without both, no "was" claim is shown
-- (worker/backend/catalogue/price-claims.ts).
alter table menu_items add column was_price_from text;
alter table menu_items add column was_price_until text;
alter table store_menu_items add column was_price_from text;
alter table store_menu_items add column was_price_until text;

-- Tobacco and related products (cigarettes, rolling tobacco, nicotine vapes): never promoted
-- (Tobacco Advertising and Promotion Act 2002; Tobacco and Related Products Regulations 2016).
-- A flag on a category covers its items and the items of its sub-categories.
alter table categories add column is_tobacco integer not null default 0 check (is_tobacco in (0, 1));

-- Alcohol: promotions follow licensing law (worker/backend/catalogue/alcohol.ts: no multibuy on
-- alcohol at a store in Scotland). Covers the category's items and its sub-categories' items.
alter table categories add column is_alcohol integer not null default 0 check (is_alcohol in (0, 1));
