import type {
  AddressType,
  MemberAddress,
  MemberAddressFields,
} from '../../../../schemas/member-addresses.ts'

/**
 * The member's saved addresses (customer_addresses, migration 0006). Every statement is scoped by
 * the customer id requireMember answered, so another member's address is as if absent. The table's
 * partial unique index keeps at most one default per customer and type; the writes that move the
 * default clear the old one in the same batch (ADR 004), so the index never refuses them.
 */

interface AddressRow {
  id: number
  type: AddressType
  name: string | null
  first_name: string | null
  last_name: string | null
  address_line1: string
  address_line2: string | null
  town: string
  county: string | null
  postcode: string
  country_code: string
  latitude: number | null
  longitude: number | null
  is_default: number
}

const COLUMNS = `id, type, name, first_name, last_name, address_line1, address_line2, town, county,
  postcode, country_code, latitude, longitude, is_default`

function toAddress(row: AddressRow): MemberAddress {
  return {
    addressId: row.id,
    type: row.type,
    name: row.name ?? '',
    firstName: row.first_name ?? '',
    lastName: row.last_name ?? '',
    addressLine1: row.address_line1,
    addressLine2: row.address_line2,
    town: row.town,
    county: row.county,
    postcode: row.postcode,
    country: row.country_code,
    isDefault: row.is_default === 1,
    latitude: row.latitude,
    longitude: row.longitude,
  }
}

/** Where an address is, when the geocoder found its postcode. */
export interface AddressPoint {
  latitude: number
  longitude: number
}

/** The member's addresses (of one type, or all): each type's default first, then newest first. */
export async function listMemberAddresses(
  db: D1Database,
  customerId: number,
  type?: AddressType
): Promise<Array<MemberAddress>> {
  const { results } = await db
    .prepare(
      `select ${COLUMNS} from customer_addresses
       where customer_id = ?1 and (?2 is null or type = ?2)
       order by type desc, is_default desc, id desc`
    )
    .bind(customerId, type ?? null)
    .all<AddressRow>()
  return results.map(toAddress)
}

/** One of the member's addresses, or null when there is none by that id (or it is not theirs). */
export async function findMemberAddress(
  db: D1Database,
  customerId: number,
  addressId: number
): Promise<MemberAddress | null> {
  const row = await db
    .prepare(`select ${COLUMNS} from customer_addresses where id = ?1 and customer_id = ?2`)
    .bind(addressId, customerId)
    .first<AddressRow>()
  return row ? toAddress(row) : null
}

/**
 * An address's columns in the order both writes bind them: type, name, first and last name, the
 * lines, town, county, postcode, country, the point, and whether it is to be the default.
 */
function addressValues(fields: MemberAddressFields, point: AddressPoint | null) {
  return [
    fields.type,
    fields.name,
    fields.firstName,
    fields.lastName,
    fields.addressLine1,
    fields.addressLine2,
    fields.town,
    fields.county,
    fields.postcode,
    fields.country,
    point?.latitude ?? null,
    point?.longitude ?? null,
    fields.isDefault ? 1 : 0,
  ]
}

/** Clears the default of a type, except on `keepId` (the address becoming the default). */
function clearDefaultStatement(
  db: D1Database,
  customerId: number,
  type: AddressType,
  keepId: number
): D1PreparedStatement {
  return db
    .prepare(
      `update customer_addresses set is_default = 0
       where customer_id = ?1 and type = ?2 and is_default = 1 and id <> ?3`
    )
    .bind(customerId, type, keepId)
}

/**
 * Adds an address. It becomes the default of its type when asked, or when the type has no
 * default yet (a member's first delivery address is the one checkout offers).
 */
export async function insertMemberAddress(
  db: D1Database,
  customerId: number,
  fields: MemberAddressFields,
  point: AddressPoint | null
): Promise<number> {
  const insert = db
    .prepare(
      `insert into customer_addresses (customer_id, type, name, first_name, last_name,
         address_line1, address_line2, town, county, postcode, country_code, latitude, longitude,
         is_default)
       values (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13,
         case when ?14 = 1 then 1 else not exists (select 1 from customer_addresses
           where customer_id = ?1 and type = ?2 and is_default = 1) end)
       returning id`
    )
    .bind(customerId, ...addressValues(fields, point))
  // A new row has no id yet to keep: 0 matches none, so every default of the type is cleared.
  const statements = fields.isDefault
    ? [clearDefaultStatement(db, customerId, fields.type, 0), insert]
    : [insert]
  const results = await db.batch<{ id: number }>(statements)
  const id = results.at(-1)?.results[0]?.id
  if (id === undefined) throw new Error('customer_addresses insert answered no id')
  return id
}

/**
 * Rewrites one of the member's addresses. With isDefault it becomes its type's default; moved to
 * the other type it is not that type's default unless asked (the type may have one). False when
 * the address is not the member's.
 */
export async function updateMemberAddress(
  db: D1Database,
  customerId: number,
  addressId: number,
  fields: MemberAddressFields,
  point: AddressPoint | null
): Promise<boolean> {
  // In an UPDATE, `type` on the right-hand side is the row's type before the change.
  const update = db
    .prepare(
      `update customer_addresses set type = ?3, name = ?4, first_name = ?5, last_name = ?6,
         address_line1 = ?7, address_line2 = ?8, town = ?9, county = ?10, postcode = ?11,
         country_code = ?12, latitude = ?13, longitude = ?14,
         is_default = case when ?15 = 1 then 1 when type = ?3 then is_default else 0 end,
         updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
       where id = ?1 and customer_id = ?2`
    )
    .bind(addressId, customerId, ...addressValues(fields, point))
  const statements = fields.isDefault
    ? [clearDefaultStatement(db, customerId, fields.type, addressId), update]
    : [update]
  const results = await db.batch(statements)
  return (results.at(-1)?.meta.changes ?? 0) > 0
}

/**
 * Deletes one of the member's addresses; when it was its type's default, the newest other
 * address of that type takes its place, in the same batch. False when it is not the member's.
 */
export async function deleteMemberAddress(
  db: D1Database,
  customerId: number,
  address: Pick<MemberAddress, 'addressId' | 'type' | 'isDefault'>
): Promise<boolean> {
  const remove = db
    .prepare(`delete from customer_addresses where id = ?1 and customer_id = ?2`)
    .bind(address.addressId, customerId)
  const promote = db
    .prepare(
      `update customer_addresses set is_default = 1
       where id = (select id from customer_addresses where customer_id = ?1 and type = ?2
                   order by id desc limit 1)
         and not exists (select 1 from customer_addresses
                         where customer_id = ?1 and type = ?2 and is_default = 1)`
    )
    .bind(customerId, address.type)
  const results = await db.batch(address.isDefault ? [remove, promote] : [remove])
  return (results[0]?.meta.changes ?? 0) > 0
}

/** Makes an address its type's default (clearing the old one), or no longer the default. */
export async function setMemberAddressDefault(
  db: D1Database,
  customerId: number,
  address: Pick<MemberAddress, 'addressId' | 'type'>,
  isDefault: boolean
): Promise<boolean> {
  const set = db
    .prepare(`update customer_addresses set is_default = ?3 where id = ?1 and customer_id = ?2`)
    .bind(address.addressId, customerId, isDefault ? 1 : 0)
  const statements = isDefault
    ? [clearDefaultStatement(db, customerId, address.type, address.addressId), set]
    : [set]
  const results = await db.batch(statements)
  return (results.at(-1)?.meta.changes ?? 0) > 0
}
