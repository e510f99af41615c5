-- Migration number: 0046 	 2026-11-29T04:31:00.000Z
-- A line's mark carries a version (ADR 017 "Picking"): the console sends the version it showed
-- (0: not marked yet) and a mark made from an older screen is refused with the line as it is now,
-- so a tab left open cannot mark out of stock a line another picker has picked.
alter table order_line_picks add column version integer not null default 1 check (version >= 1);
