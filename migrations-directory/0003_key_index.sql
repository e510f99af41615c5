-- Lookups by key alone (ADR 056): a call that arrives with a key and no business (a gateway's
-- answer by its order reference, a staff sign-in by email) finds the business, and so its shard,
-- here. Written before the shard's row that holds the key (claim first, as a host), so every key
-- a shard holds has its row; a row whose shard write failed names a business that answers the
-- key not found. A key derived from itself (the signed tracking link names its business) has none.
create table business_keys (
  kind text not null check (kind in ('gateway_order', 'staff_email')),
  key text not null,
  business_id integer not null references businesses (id),
  primary key (kind, key, business_id)
) without rowid;
