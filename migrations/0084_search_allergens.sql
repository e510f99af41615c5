-- Allergens in the search index (issue 41): a search filtered "free from" excludes, inside the
-- FTS5 match itself, every item that contains or may contain an asked allergen, so the ranked
-- window of ADR 031 and its capped count stay right. The new `allergens` column holds the ids of
-- both sets (schemas/food-information.ts) and the word `declared` when the item declares food
-- information at all (an item that says nothing is not known to be free from anything, as on
-- the category listing). Shoppers' terms are matched against the other four columns only.
drop trigger menu_items_fts_insert;
drop trigger menu_items_fts_delete;
drop trigger menu_items_fts_update;
drop table menu_items_fts;

create virtual table menu_items_fts using fts5(
  name, description, tags, category_name, allergens,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3'
);

insert into menu_items_fts (rowid, name, description, tags, category_name, allergens)
select
  m.id,
  m.name,
  coalesce(m.description, ''),
  (select coalesce(group_concat(value, ' '), '') from json_each(m.tags)),
  (select c.name || coalesce(' ' || p.name, '')
     from categories c left join categories p on p.id = c.parent_id where c.id = m.category_id),
  (case when m.nutrition is not null or m.allergens_contains <> '[]'
      or m.allergens_may_contain <> '[]' then 'declared' else '' end)
    || (select coalesce(' ' || group_concat(value, ' '), '') from (
      select value from json_each(m.allergens_contains)
      union all select value from json_each(m.allergens_may_contain)))
from menu_items m;

create trigger menu_items_fts_insert after insert on menu_items begin
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

create trigger menu_items_fts_delete after delete on menu_items begin
  delete from menu_items_fts where rowid = old.id;
end;

create trigger menu_items_fts_update after update of name, description, tags, category_id,
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
