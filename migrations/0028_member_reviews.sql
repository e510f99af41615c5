-- Migration number: 0028 	 2026-11-25T08:00:00.000Z
-- Member reviews (spec §3 Review, §7 Review add): a member reviews a delivered order once and may
-- edit it for a while (REVIEW_EDIT_DAYS, schemas/constants.ts); the store's rating is the average
-- of its reviews. The review keeps its store so the rating is one indexed aggregate, not a join
-- through every order of the store. Times are ISO 8601 UTC strings from the app clock.

alter table reviews add column store_id integer references stores(id) on delete cascade;
alter table reviews add column updated_at text;

-- Reviews written before this migration take their order's store.
update reviews set store_id = (select store_id from orders where orders.id = reviews.order_id);

create index reviews_store on reviews(store_id, star_rating);
create index reviews_customer on reviews(customer_id);
