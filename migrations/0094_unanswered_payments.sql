-- The cron's look at card payments whose hosted page never answered (issue 37,
-- payments/unanswered-payments.ts): pending attempts, oldest first.
create index payments_unanswered on payments(created_at) where status = 'pending' and completed_at is null;
