-- A hold's capture whose answer we could not trust (issue 37, ADR 039): 0 once the gateway's
-- answer is known; else how many looks it has had, each claimed by one conditional update, so of
-- many reruns at once one asks the gateway (payments/capture.ts). No refund is claimed meanwhile.
alter table payments add column capture_unknown integer not null default 0;
