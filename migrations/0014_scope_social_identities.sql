-- Migration number: 0014 	 2026-11-21T12:00:00.000Z
-- Social sign-in identities belong to one business. 0006 made (provider, subject) unique across
-- every business, but a Google or Apple subject is the same person whatever the brand: signing in
-- to a second brand would collide with the first. SQLite cannot change a unique constraint in
-- place, so the table is rebuilt with business_id (nothing references it).

create table customer_identities_new (
  id integer primary key,
  business_id integer not null references businesses(id) on delete cascade,
  customer_id integer not null references customers(id) on delete cascade,
  provider text not null check (provider in ('facebook', 'google', 'apple')),
  -- The provider's `sub` claim.
  subject text not null,
  created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  unique (business_id, provider, subject)
);

insert into customer_identities_new (id, business_id, customer_id, provider, subject, created_at)
select i.id, c.business_id, i.customer_id, i.provider, i.subject, i.created_at
from customer_identities i
join customers c on c.id = i.customer_id;

drop table customer_identities;
alter table customer_identities_new rename to customer_identities;
create index customer_identities_customer on customer_identities(customer_id);

-- The live code of a customer is found by customer (retired on each new send).
create index otp_codes_customer on otp_codes(customer_id, consumed_at);
