-- Migration number: 0044 	 2026-11-25T20:45:00.000Z
-- A category sorts by price per unit in its query (ADR 034), so the item keeps the quantity its
-- pack holds in its unit (kg, litre, metre or item: schemas/unit-price.ts `unitAmount`), written
-- where items are written (demo data, the operator's import). Null when the size holds no
-- quantity: such items sort last. Rows written before this migration are null until their next
-- import.
alter table menu_items add column unit_amount real check (unit_amount is null or unit_amount > 0);
