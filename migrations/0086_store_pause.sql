-- Migration number: 0086 	 2026-11-29T11:30:00.000Z
-- A store manager's pause ("busy", issue 44): no new orders until paused_until (an instant, ISO
-- 8601 UTC). Shoppers see the store closed or taking preorders until then; at paused_until it is
-- open again by its hours, with nothing to run (availability compares it with the app clock).
-- The reason is for staff and the audit trail (operator_audit 'store.pause').
alter table stores add column paused_until text;
alter table stores add column pause_reason text;
