-- A substitute the shopper sent back (issue 42, ADR 043): at review, until the order leaves the
-- store, or at the door, recorded by the driver. Set once, by the guarded update that also gives
-- the line's charge back (orders.refund grows, total falls by the same amount), so the refund
-- happens exactly once and never exceeds what the line was charged.
alter table order_line_picks add column rejected_at text;
alter table order_line_picks add column rejected_by text
  check (rejected_by is null or rejected_by in ('review', 'door'));
alter table order_line_picks add column rejected_staff_id integer;
alter table order_line_picks add column rejected_amount integer
  check (rejected_amount is null or (rejected_amount >= 0 and rejected_amount <= charged_price));
-- The rejecting call's random token: the rest of its batch (the order's money, the refund's
-- outbox row) runs only where the line carries it, so a lost race writes nothing.
alter table order_line_picks add column rejected_token text;
