-- Authorise the estimate plus a margin, capture what was picked (issue 41, ADR 039).

-- The margin over the estimate of its weighed lines a business's card payments hold, in percent.
alter table businesses add column weighed_margin_percent integer not null default 10
  check (weighed_margin_percent between 0 and 100);

-- A card payment of an order with weighed lines is authorised, not settled (capture_later = 1),
-- and captured once for the final amount after picking: captured_amount, never more than the
-- amount authorised. null: not captured yet (or settled at authorisation, capture_later = 0).
alter table payments add column capture_later integer not null default 0
  check (capture_later in (0, 1));
alter table payments add column captured_amount integer
  check (captured_amount is null or (captured_amount >= 0 and captured_amount <= amount));

-- The sandboxes hold such an authorisation the same way: auto_settle 0 (Realex AUTO_SETTLE_FLAG=0,
-- a frames payment with capture false) until a settle or capture takes captured_amount of it.
alter table sandbox_hpp_requests add column auto_settle integer not null default 1
  check (auto_settle in (0, 1));
alter table sandbox_hpp_requests add column captured_amount integer
  check (captured_amount is null or captured_amount >= 0);
alter table sandbox_frames_payments add column auto_capture integer not null default 1
  check (auto_capture in (0, 1));
alter table sandbox_frames_payments add column captured_amount integer
  check (captured_amount is null or captured_amount >= 0);
