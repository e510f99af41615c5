/*
 * What of an order row is the person's (README "Privacy"): what "forget me" blanks on an order and
 * keeps the rest as the accounting record. One list for the order in D1 (member/privacy's erasure)
 * and the order's row in its archive file (order-archive), so the two never differ.
 */
export const ORDER_PERSONAL_COLUMNS = {
  first_name: '',
  last_name: '',
  email: '',
  phone: null,
  delivery_address_json: null,
  billing_address_json: null,
  delivery_latitude: null,
  delivery_longitude: null,
  instructions: null,
  messaging_device_id: null,
} as const satisfies Record<string, '' | null>

/** The SQL `set` list that blanks them. */
export const ORDER_PERSONAL_BLANKS = Object.entries(ORDER_PERSONAL_COLUMNS)
  .map(([column, blank]) => `${column} = ${blank === null ? 'null' : "''"}`)
  .join(', ')
