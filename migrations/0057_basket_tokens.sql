-- Migration number: 0057 	 2026-11-29T08:00:00.000Z
-- More tokens for one basket: a member's basket follows them to every browser they sign in on
-- (issue 35 item 13). Each browser gets its own token (still only its SHA-256 stored); the
-- basket answers to the member's access token whichever token names it (ADR 008, ADR 012).
create table basket_tokens (
  token_hash text primary key,
  basket_id integer not null references baskets(id) on delete cascade,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
create index basket_tokens_basket on basket_tokens(basket_id);
