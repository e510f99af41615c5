-- Migration number: 0037 	 2026-11-25T14:00:00.000Z
-- SEO metadata per path (ADR 024): an operator's title, description, noindex and canonical for a
-- public page, overriding what the page would say itself. brand_id null = every brand of the
-- business; a brand row for the same path wins.
create table seo_metadata (
  id integer primary key,
  business_id integer not null references businesses(id) on delete cascade,
  brand_id integer references brands(id) on delete cascade,
  -- The page's path: leading slash, no trailing slash, no query ('/', '/faqs', '/stores/york').
  path text not null check (path glob '/*' and (path = '/' or path not glob '*/')),
  title text,
  description text,
  noindex integer check (noindex in (0, 1)),
  -- A path of this site the page names as canonical instead of its own.
  canonical_path text check (canonical_path is null or (canonical_path glob '/*' and canonical_path not glob '//*'))
);
create unique index seo_metadata_path on seo_metadata(business_id, coalesce(brand_id, 0), path);

-- A redirect may not point at itself; longer loops are refused when the chain is followed.
create trigger seo_redirects_no_self_loop before insert on seo_redirects
when '/' || new.from_slug = new.to_path
begin
  select raise(abort, 'a redirect may not point at itself');
end;
create trigger seo_redirects_no_self_loop_update before update on seo_redirects
when '/' || new.from_slug = new.to_path
begin
  select raise(abort, 'a redirect may not point at itself');
end;
