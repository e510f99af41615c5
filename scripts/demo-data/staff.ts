import { createHmac, pbkdf2Sync, randomBytes } from 'node:crypto'
import { DOMSTAD, LIFFEY } from './abroad.ts'
import { HARBOUR_BRAND, HARBOUR_BUSINESS } from './harbour.ts'
import { BUSINESS_ID } from './tenancy.ts'

/**
 * The demo businesses' store console accounts (ADR 018): Corner Fresh Group's one per role (the
 * operator for every store, the others at the business's first store) and Harbour Pantry's
 * operator, who signs in on harbour.localhost, and the operators of the businesses abroad
 * (dublin.localhost, utrecht.localhost). Passwords are demo-only and printed by `npm run
 * dev`; sign-in still asks for the emailed code (the development mailbox shows it).
 */
export const DEMO_STAFF = [
  {
    businessId: BUSINESS_ID,
    email: 'operator@corner.test',
    password: 'operator-demo-1',
    name: 'Olu Operator',
    role: 'operator',
  },
  {
    businessId: BUSINESS_ID,
    email: 'manager@corner.test',
    password: 'manager-demo-1',
    name: 'Mina Manager',
    role: 'store_manager',
  },
  {
    businessId: BUSINESS_ID,
    email: 'picker@corner.test',
    password: 'picker-demo-1',
    name: 'Pat Picker',
    role: 'picker',
  },
  {
    businessId: BUSINESS_ID,
    email: 'driver@corner.test',
    password: 'driver-demo-1',
    name: 'Dev Driver',
    role: 'driver',
  },
  {
    businessId: HARBOUR_BUSINESS.id,
    email: 'operator@harbour.test',
    password: 'harbour-demo-1',
    name: 'Hana Harbour',
    role: 'operator',
  },
  {
    businessId: LIFFEY.business.id,
    email: 'operator@liffey.test',
    password: 'liffey-demo-1',
    name: 'Aoife Operator',
    role: 'operator',
  },
  {
    businessId: DOMSTAD.business.id,
    email: 'operator@domstad.test',
    password: 'domstad-demo-1',
    name: 'Daan Operator',
    role: 'operator',
  },
] as const

/**
 * The worker's password hash (worker/backend/auth/passwords.ts: HMAC-SHA-256 pepper, then
 * PBKDF2-SHA-512, 100,000 iterations, 16-byte salt, 'pbkdf2-sha512$<n>$<salt>$<hash>' in
 * base64url) made with Node's crypto: scripts cannot import worker code. The unit test
 * test/unit/scripts/demo-staff.test.ts checks the worker accepts it.
 */
export function demoPasswordHash(password: string, pepper: string): string {
  const iterations = 100_000
  const salt = randomBytes(16)
  const peppered = createHmac('sha256', pepper).update(password).digest()
  const hash = pbkdf2Sync(peppered, salt, iterations, 64, 'sha512')
  return `pbkdf2-sha512$${iterations}$${salt.toString('base64url')}$${hash.toString('base64url')}`
}

const quote = (value: string) => `'${value.replace(/'/g, "''")}'`

/**
 * SQL that adds the demo staff when missing and leaves them alone when present (a password
 * changed locally stays changed). Hashed with this checkout's AUTH_PEPPER, so it runs at every
 * `npm run dev` rather than in the dataset, which has no secrets.
 */
export function demoStaffSql(
  pepper: string,
  nowIso: string,
  businessIds?: ReadonlyArray<number>
): string {
  const statements: Array<string> = []
  for (const staff of DEMO_STAFF) {
    // A shard's own staff only (ADR 047): each business's accounts live with its rows.
    if (businessIds !== undefined && !businessIds.includes(staff.businessId)) continue
    const firstStore = `(select min(id) from stores where business_id = ${staff.businessId})`
    const hash = demoPasswordHash(staff.password, pepper)
    statements.push(
      `insert or ignore into staff_accounts (business_id, email, name, password_hash, status, ` +
        `is_operator, created_at, updated_at) values (${staff.businessId}, ${quote(staff.email)}, ` +
        `${quote(staff.name)}, ${quote(hash)}, 'active', ${staff.role === 'operator' ? 1 : 0}, ` +
        `${quote(nowIso)}, ${quote(nowIso)});`
    )
    if (staff.role === 'operator') continue
    statements.push(
      `insert or ignore into staff_store_roles (staff_id, store_id, role, created_at) ` +
        `select id, ${firstStore}, ${quote(staff.role)}, ${quote(nowIso)} from staff_accounts ` +
        `where business_id = ${staff.businessId} and email = ${quote(staff.email)};`
    )
  }
  return `${statements.join('\n')}\n`
}

/** The lines `npm run dev` prints about them. */
export function demoStaffNotice(origin: string): string {
  const rows = (businessId: number) =>
    DEMO_STAFF.filter((s) => s.businessId === businessId).map(
      (s) => `  ${s.role.padEnd(14)} ${s.email.padEnd(22)} ${s.password}`
    )
  // Each business's console is on its own brand's host (ADR 018): same port, its own host name.
  const on = (host: string) => origin.replace('//localhost', `//${host}`)
  return [
    `Store console: ${origin}/store/sign-in (the emailed code is in ${origin}/dev/mailbox)`,
    ...rows(BUSINESS_ID),
    `${HARBOUR_BUSINESS.name}, a second business: ${on(HARBOUR_BRAND.host)}/store/sign-in`,
    ...rows(HARBOUR_BUSINESS.id),
    ...[LIFFEY, DOMSTAD].flatMap(({ business, brand }) => [
      `${business.name}, abroad (${business.home?.locale ?? ''}): shop at ${on(brand.host)}/, console ${on(brand.host)}/store/sign-in`,
      ...rows(business.id),
    ]),
  ].join('\n')
}
