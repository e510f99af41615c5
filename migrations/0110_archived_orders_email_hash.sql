-- Migration number: 0110 	 2026-11-30T02:55:00.000Z
-- "Forget me" reaches the archive (ADR 050): the member's archived orders are found by their
-- customer id, and guest orders placed with their email by this hash of it (SHA-256 of the
-- trimmed, lower-cased email), so the index row holds no email. Rows archived before it have
-- none; their files are found by customer id only.
alter table archived_orders add column email_hash text;
create index archived_orders_email on archived_orders (business_id, email_hash)
  where email_hash is not null;
