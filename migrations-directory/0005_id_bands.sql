-- Each shard's band of row ids (ADR 063): a shard's AUTOINCREMENT keys start above
-- id_band × 10^12, so two shards never give one id and a business moves between them without a
-- clash. A shard's band comes from its name when it is listed (DB 0, SHARD_n n − 1); a move into
-- a shard of a lower band than the one its rows came from gives the target a fresh band above
-- every band given (the move's rows would otherwise lift its counters into the source's band).
alter table shards add column id_band integer check (id_band >= 0);
create unique index shards_id_band on shards (id_band) where id_band is not null;
update shards set id_band = 0 where name = 'DB';
