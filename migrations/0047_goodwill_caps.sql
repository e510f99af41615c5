-- Migration number: 0047 	 2026-11-29T04:25:00.000Z
-- Goodwill credit is capped per order and per member per period (issue 35 item 4): a manager's
-- grants on one order add up to at most goodwill_order_cap_pence, and a member receives at most
-- goodwill_member_cap_pence of goodwill in any goodwill_member_period_days. The caps are checked
-- in the statement that writes the grant (worker/backend/credit/staff-credit-repo.ts), so grants
-- at once cannot pass them together. Defaults: £20 an order, £50 a member in 30 days.
alter table businesses add column goodwill_order_cap_pence integer not null default 2000
  check (goodwill_order_cap_pence >= 0);
alter table businesses add column goodwill_member_cap_pence integer not null default 5000
  check (goodwill_member_cap_pence >= 0);
alter table businesses add column goodwill_member_period_days integer not null default 30
  check (goodwill_member_period_days between 1 and 366);
