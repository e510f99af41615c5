-- Migration number: 0040 	 2026-11-25T17:00:00.000Z
-- The operator console's audit trail (ADR 027): one row per change an operator makes, written in
-- the same D1 batch as the change itself, so a change is never without its record and a record
-- never without its change. Rows are only ever inserted.
create table operator_audit (
  id integer primary key,
  business_id integer not null references businesses(id) on delete cascade,
  -- The member of staff who made the change; kept (null) if the account is ever removed.
  staff_id integer references staff_accounts(id) on delete set null,
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
create index operator_audit_business_at on operator_audit(business_id, at desc, id desc);
create index operator_audit_entity on operator_audit(business_id, entity, entity_id, id desc);
