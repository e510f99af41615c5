-- Migration number: 0031 	 2026-11-25T10:00:00.000Z
-- Store credit as a ledger that can never go below zero (ADR 020). Migration 0006 made the table
-- and nothing wrote to it, so it is rebuilt with:
--   - the kinds credit comes from and goes to (loyalty rewards, referral rewards, goodwill,
--     refunds given as credit, credit returned when its order is refunded or never paid);
--   - a reference per entry, unique per member, so an effect run twice writes once;
--   - the member of staff who gave goodwill or a refund as credit;
--   - a trigger that refuses any entry taking the member's balance below zero. D1 runs one
--     statement at a time, so two tabs spending the same credit cannot both pass it.

drop table customer_credit_ledger;

create table customer_credit_ledger (
  id integer primary key,
  business_id integer not null references businesses(id) on delete cascade,
  customer_id integer not null references customers(id) on delete cascade,
  -- Pence, signed: credit given > 0, credit spent < 0.
  amount integer not null check (amount <> 0),
  kind text not null check (kind in (
    'loyalty_reward', 'referral_reward', 'goodwill', 'refund_as_credit',
    'order_payment', 'order_credit_returned', 'adjustment'
  )),
  -- What the entry is for, unique per member: 'order:41:spend', 'referral:7:referrer', ...
  reference text not null,
  order_id integer references orders(id) on delete set null,
  referral_id integer references referrals(id) on delete set null,
  staff_id integer references staff_accounts(id) on delete set null,
  -- Why, in words the member reads on their credit history.
  description text not null,
  created_at text not null,
  unique (customer_id, reference)
);
create index customer_credit_ledger_customer on customer_credit_ledger(customer_id, id);
create index customer_credit_ledger_order on customer_credit_ledger(order_id);

create trigger customer_credit_never_negative
before insert on customer_credit_ledger
when new.amount < 0 and (
  select coalesce(sum(amount), 0) from customer_credit_ledger where customer_id = new.customer_id
) + new.amount < 0
begin
  select raise(abort, 'store credit would go below zero');
end;
