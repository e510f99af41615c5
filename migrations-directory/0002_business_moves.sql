-- A business being moved to another shard (ADR 047): while moving_to is set, the backend refuses
-- the business's writes (worker/backend/shard.ts) and serves its reads from the shard it is on.
-- The move command sets it before the copy and clears it at the end, or when the move fails.
alter table businesses add column moving_to text references shards (name);
