-- Buy it again and the "Have you forgotten?" step read one member's placed orders at one store:
-- this index finds them without walking the member's orders at every other store.
create index orders_customer_store_placed on orders(customer_id, store_id, placed_at desc);
