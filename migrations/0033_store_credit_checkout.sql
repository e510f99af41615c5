-- Migration number: 0033 	 2026-11-25T11:00:00.000Z
-- Store credit at checkout (ADR 020): the shopper's choice to pay with their credit, kept on the
-- basket like the tip. On by default: a member with a balance spends it unless they turn it off.
-- What an order spent is orders.credit_applied (0008); the ledger entry of the spend and of its
-- return are in customer_credit_ledger (0031), by reference 'order:<id>:spend' / ':return'.

alter table baskets add column use_credit integer not null default 1 check (use_credit in (0, 1));
