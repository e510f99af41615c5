-- Migration number: 0111 	 2026-11-30T02:45:00.000Z
-- An operator's "Try again" on an owed void (issue 37) is claimed on this count, as a refund's
-- look is on reconcile_attempts: of many tries at once, the one whose update matched the count it
-- read asks the gateway; the others ask nothing.
alter table payments add column void_tries integer not null default 0;
