-- Migration number: 0031 	 2026-11-25T09:00:00.000Z
-- Live order tracking (ADR 019): the driver's position is shared only while the order is Driver
-- en Route and is not kept after it. Whatever moves the order on (the console, the cron, a
-- refund), the moment it leaves en_route for delivered or an end state, its driver position is
-- forgotten in the same statement, so no path can leave it behind.
create trigger orders_forget_driver_position
after update of status on orders
when new.status <> 'en_route' and old.status = 'en_route'
  and (new.driver_latitude is not null or new.driver_longitude is not null
    or new.driver_updated_at is not null)
begin
  update orders set driver_latitude = null, driver_longitude = null, driver_updated_at = null
    where id = new.id;
end;
