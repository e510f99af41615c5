-- Migration number: 0088 	 2026-11-29T15:10:00.000Z
-- A business's own reject and cancel reason lists (issue 44): the store console's reject and
-- cancel forms offer them. Null: the default lists of schemas/order-reasons.ts. JSON
-- {"reject": [...], "cancel": [...]}, checked by OrderReasonListsSchema before it is written.
alter table businesses add column order_reasons_json text
  check (order_reasons_json is null or json_valid(order_reasons_json));
