-- Migration number: 0032 	 2026-11-25T11:00:00.000Z
-- Loyalty points earned on delivered orders and taken back on refunds (ADR 020, "Loyalty").
-- Migration 0006 made the accounts and transactions and nothing wrote to them, so both are
-- rebuilt with:
--   - a points balance that may go below zero: a refund can take back points that had already
--     become store credit, and the member's next points pay them back first (lifetime_points,
--     what the member earned net of refunds, still never goes below zero);
--   - the kinds a transaction has: 'earn' (an order delivered), 'reverse' (a refund on it),
--     'reward' (points that became store credit), 'adjust';
--   - a reference per transaction, unique per account ('order:41:earn', 'order:41:reverse:500',
--     'reward:3'), so an effect run twice writes once;
--   - seq, the transaction's place in its account, unique: a write planned from a balance that
--     another write has changed since collides on it and is planned again from the new balance.

drop table loyalty_transactions;
drop table loyalty_accounts;

create table loyalty_accounts (
  id integer primary key,
  business_id integer not null references businesses(id) on delete cascade,
  customer_id integer not null unique references customers(id) on delete cascade,
  -- The sum of the account's transactions; below zero while a refund is being paid back.
  points_balance integer not null default 0,
  lifetime_points integer not null default 0 check (lifetime_points >= 0),
  created_at text not null,
  updated_at text not null
);

create table loyalty_transactions (
  id integer primary key,
  loyalty_account_id integer not null references loyalty_accounts(id) on delete cascade,
  seq integer not null check (seq > 0),
  -- Signed: earned > 0; reversed and turned into a reward < 0.
  points integer not null check (points <> 0),
  kind text not null check (kind in ('earn', 'reverse', 'reward', 'adjust')),
  reference text not null,
  order_id integer references orders(id) on delete set null,
  -- Why, in words the member reads on their points history (never a person's name).
  description text not null,
  created_at text not null,
  unique (loyalty_account_id, reference),
  unique (loyalty_account_id, seq)
);
create index loyalty_transactions_order on loyalty_transactions(order_id);
