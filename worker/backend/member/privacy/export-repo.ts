/*
 * The data export's reads: what we hold about one member, table by table, scoped by their
 * customer id (and their email for orders placed as a guest). Read-only.
 */

type Row = Record<string, unknown>

/** Addresses, orders with their lines, saved cards (display fields), reviews and devices. */
export async function readMemberRecords(
  db: D1Database,
  m: { businessId: number; customerId: number; email: string }
): Promise<{
  addresses: Array<Row>
  orders: Array<Row>
  savedCards: Array<Row>
  reviews: Array<Row>
  devices: Array<Row>
  contactRequests: Array<Row>
}> {
  const ORDERS = `select id from orders where business_id = ?1 and (customer_id = ?2 or email = ?3)`
  const [addresses, orders, lines, cards, reviews, devices, contacts] = await db.batch<Row>([
    db
      .prepare(
        `select type, name, first_name as firstName, last_name as lastName,
           address_line1 as addressLine1, address_line2 as addressLine2, town, county, postcode,
           country_code as countryCode, phone, is_default as isDefault, created_at as createdAt
         from customer_addresses where customer_id = ?1 order by id`
      )
      .bind(m.customerId),
    db
      .prepare(
        `select o.id, o.business_order_id as orderNumber, o.status, o.created_at as createdAt,
           s.name as store, o.fulfilment_method as fulfilmentMethod, o.slot_date as slotDate,
           o.slot_starts_at as slotStartsAt, o.payment_method as paymentMethod,
           o.first_name as firstName, o.last_name as lastName, o.email, o.phone,
           o.delivery_address_json as deliveryAddress, o.billing_address_json as billingAddress,
           o.instructions, o.subtotal, o.discount_total as discountTotal,
           o.delivery_cost as deliveryCost, o.service_fee as serviceFee,
           o.delivery_tip as deliveryTip, o.refund
         from orders o join stores s on s.id = o.store_id
         where o.id in (${ORDERS}) and o.status <> 'draft'
         order by o.id`
      )
      .bind(m.businessId, m.customerId, m.email),
    db
      .prepare(
        `select order_id as orderId, name, quantity, unit_price as unitPrice,
           total_price as totalPrice
         from order_lines where order_id in (${ORDERS}) order by order_id, position, id`
      )
      .bind(m.businessId, m.customerId, m.email),
    db
      .prepare(
        `select brand, last4, expiry_month as expiryMonth, expiry_year as expiryYear,
           cardholder_name as cardholderName, created_at as createdAt
         from saved_cards where customer_id = ?1 order by id`
      )
      .bind(m.customerId),
    db
      .prepare(
        `select r.order_id as orderId, r.star_rating as starRating, r.comment,
           r.created_at as createdAt
         from reviews r where r.customer_id = ?1 order by r.id`
      )
      .bind(m.customerId),
    db
      .prepare(
        `select platform, device_model as deviceModel, device_name as deviceName,
           app_version as appVersion, created_at as createdAt
         from devices where customer_id = ?1 order by id`
      )
      .bind(m.customerId),
    // What the member wrote to support; attachments by name and size (the files stay private).
    db
      .prepare(
        `select r.subject, r.message, r.first_name as firstName, r.last_name as lastName,
           r.email, r.phone, r.order_number as orderNumber, r.created_at as createdAt,
           (select group_concat(a.filename || ' (' || a.size_bytes || ' bytes)', ', ')
              from contact_request_attachments a where a.contact_request_id = r.id) as attachments
         from contact_requests r
         where r.business_id = ?1 and (r.customer_id = ?2 or r.email = ?3) order by r.id`
      )
      .bind(m.businessId, m.customerId, m.email),
  ])
  const linesOf = new Map<unknown, Array<Row>>()
  for (const { orderId, ...line } of lines?.results ?? []) {
    linesOf.set(orderId, [...(linesOf.get(orderId) ?? []), line])
  }
  const parse = (json: unknown): unknown => (typeof json === 'string' ? JSON.parse(json) : null)
  return {
    addresses: (addresses?.results ?? []).map((a) => ({ ...a, isDefault: a.isDefault === 1 })),
    orders: (orders?.results ?? []).map(({ id, deliveryAddress, billingAddress, ...order }) => ({
      ...order,
      deliveryAddress: parse(deliveryAddress),
      billingAddress: parse(billingAddress),
      lines: linesOf.get(id) ?? [],
    })),
    savedCards: cards?.results ?? [],
    reviews: reviews?.results ?? [],
    devices: devices?.results ?? [],
    contactRequests: contacts?.results ?? [],
  }
}
