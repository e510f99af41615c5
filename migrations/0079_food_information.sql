-- Food information a UK grocer must give before a distance sale (retained Regulation 1169/2011
-- art. 14): allergens as structured sets (JSON arrays of the 14 ids in schemas/food-information.ts),
-- nutrition as JSON (per 100 g/ml, optionally per portion), storage, origin and net quantity.
-- Null / '[]' for non-food items. The emphasis of allergens in the ingredients is drawn from the
-- sets when a page renders, never stored as markup.
alter table menu_items add column allergens_contains text not null default '[]'
  check (json_valid(allergens_contains) and json_type(allergens_contains) = 'array');
alter table menu_items add column allergens_may_contain text not null default '[]'
  check (json_valid(allergens_may_contain) and json_type(allergens_may_contain) = 'array');
alter table menu_items add column nutrition text
  check (nutrition is null or (json_valid(nutrition) and json_type(nutrition) = 'object'));
alter table menu_items add column storage_use text;
alter table menu_items add column country_of_origin text;
alter table menu_items add column net_quantity text;
-- The food business operator named on the item when it is not the business itself.
alter table menu_items add column food_operator_name text;
alter table menu_items add column food_operator_address text;

-- The business's own food business operator address (its name is businesses.legal_name).
alter table businesses add column food_operator_address text;
