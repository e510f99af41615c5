-- Migration number: 0087 	 2026-11-29T15:00:00.000Z
-- The operator's insight (issue 44, ADR 040) reads a period of a business's, a brand's or a
-- store's orders and what happened to them. Each query starts from one of these ranges, so a year
-- of a busy store stays under a second a query (bench/suites/insight.ts).
-- Orders placed in a period, per business and per brand (the store's is orders_store_placed).
create index orders_business_placed on orders(business_id, placed_at);
create index orders_brand_placed on orders(brand_id, placed_at);
-- New or returning: the shopper's earlier order at the business, found by email.
create index orders_business_email_placed on orders(business_id, email, placed_at);
-- Refunds per member of staff in a period (order_history rows of the refund actions).
create index order_history_action_at on order_history(action, at);
-- Picker lines per hour: the lines marked in a period.
create index order_line_picks_marked on order_line_picks(marked_at, marked_by);
-- Goodwill per member of staff in a period.
create index customer_credit_ledger_kind_created on customer_credit_ledger(business_id, kind,
  created_at);
-- The checkout funnel: a brand's recorded marketing events in a period.
create index marketing_events_brand on marketing_events(brand_id, created_at);
