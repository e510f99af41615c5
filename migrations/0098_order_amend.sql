-- Issue 42: a shopper may change an order until its cut-off (ADR 048), a business setting.
-- picking_starts: until the store starts picking it (the first line marked);
-- hours_before_slot: also until amend_cutoff_hours before the slot starts, on the store's clock.
alter table businesses add column amend_cutoff text not null default 'picking_starts'
  check (amend_cutoff in ('picking_starts', 'hours_before_slot'));
alter table businesses add column amend_cutoff_hours integer not null default 0
  check (amend_cutoff_hours between 0 and 168);

-- Each amend that wins bumps it: the batch holds only while it is still the version the
-- change was priced from, and the refund's reference names it (o<id>-amend-<version>).
alter table orders add column amend_version integer not null default 0
  check (amend_version >= 0);
