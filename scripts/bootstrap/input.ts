// The bootstrap command's input: flags and an optional JSON file read into one set of values,
// then checked in full before anything is read from or written to a database. Every error names
// the flag (or the file) it is about. Checks reuse the operator console's schemas, so the first
// business, brand, store and operator are held to the rules every later one is.
import { STAFF_INVITATION_PATH } from '../../schemas/constants.ts'
import { EmailSchema } from '../../schemas/common.ts'
import { domainName } from '../../schemas/host-name.ts'
import {
  BrandCreateRequestSchema,
  type HostEnvironment,
  NEW_BRAND_LOOK,
} from '../../schemas/operator-brands.ts'
import { StoreDetailsInputSchema } from '../../schemas/operator-stores.ts'
import { normaliseUkPhone } from '../../schemas/phone.ts'
import { checkPostcode, DEFAULT_POSTCODE_RULE, outcodeOf } from '../../schemas/postcode.ts'
import { StaffInviteRequestSchema } from '../../schemas/staff.ts'
import { TEXT_MAX_LENGTH } from '../../schemas/text-max-length.ts'
import type { OutcodeRow } from '../lib/reference-data.ts'
import { slugify } from '../lib/text.ts'
import { DEFAULT_HOURS, parseWeekHours, type WeekHours } from './hours.ts'

/** The environments a deployment has; each is a wrangler `--env`. */
export const ENVIRONMENTS = ['development', 'staging', 'production'] as const
export type BootstrapEnvironment = (typeof ENVIRONMENTS)[number]

/**
 * What a host of each environment is recorded as (brand_hosts.environment, whose names are the
 * spec's): a development deployment's hosts are 'dev', which serve sitemaps like the others.
 */
export const HOST_ENVIRONMENT: Record<BootstrapEnvironment, HostEnvironment> = {
  development: 'dev',
  staging: 'staging',
  production: 'production',
}

/** A refusal of one input, named by its flag ('--store-postcode') or the file. */
export interface InputError {
  flag: string
  message: string
}

type FlagKind = 'string' | 'boolean'

/** Every flag, what it takes and what it is for (the help text). */
export const FLAGS = {
  env: ['string', 'development, staging or production (required)'],
  local: ['boolean', 'write to the local database (the default)'],
  remote: ['boolean', 'write to the remote database (command line only)'],
  'state-dir': [
    'string',
    'the local state directory (default: STOREFRONT_STATE_DIR or .wrangler/state)',
  ],
  file: ['string', 'read these flags from a JSON file (keys are flag names; flags given win)'],
  'dry-run': ['boolean', 'check and print the plan; write nothing'],
  'new-invitation': ['boolean', 'retire the operator’s unused invitation and make a new link'],
  origin: [
    'string',
    'where the invitation link points (default: https://<host>; development: http://<host>:5173)',
  ],
  help: ['boolean', 'print this help'],
  business: ['string', 'the business’s name (required)'],
  'business-id': ['string', 'the business’s id, to pick (or create) one by id rather than by name'],
  'legal-name': ['string', 'the business’s legal name (default: --business)'],
  'support-email': ['string', 'the business’s support email address'],
  'support-phone': ['string', 'the business’s support phone number (UK)'],
  brand: ['string', 'the brand’s name (required)'],
  'brand-slug': ['string', 'the brand’s web address name (default: from --brand)'],
  tagline: ['string', 'the brand’s tagline'],
  host: ['string', 'the brand’s host name, like shop.example.com (required)'],
  'store-name': ['string', 'the store’s name (required)'],
  'store-slug': ['string', 'the store’s web address name (default: from --store-name)'],
  'store-address': ['string', 'the store’s first address line (required)'],
  'store-address-2': ['string', 'the store’s second address line'],
  'store-town': ['string', 'the store’s town (default: the postcode district’s post town)'],
  'store-county': ['string', 'the store’s county'],
  'store-postcode': ['string', 'the store’s postcode (required; its district must be in data/)'],
  'store-phone': ['string', 'the store’s phone number (UK)'],
  'store-email': ['string', 'the store’s email address'],
  lat: ['string', 'the store’s latitude (with --lng; default: the postcode district’s centre)'],
  lng: ['string', 'the store’s longitude (with --lat)'],
  'time-zone': ['string', 'the store’s IANA time zone (default: Europe/London)'],
  hours: [
    'string',
    `opening hours for the shop, delivery and collection (default: '${DEFAULT_HOURS}')`,
  ],
  'operator-email': ['string', 'the first operator’s email address (required)'],
  'operator-name': ['string', 'the first operator’s name (required)'],
} as const satisfies Record<string, readonly [FlagKind, string]>

export type FlagName = keyof typeof FLAGS
export type FlagValues = Partial<Record<FlagName, string | true>>

const isFlag = (name: string): name is FlagName => Object.hasOwn(FLAGS, name)

// What one run decides, never a file: where it writes and what it does this time.
const COMMAND_LINE_ONLY: ReadonlyArray<FlagName> = [
  'file',
  'local',
  'remote',
  'dry-run',
  'new-invitation',
  'help',
]

/** `--name value`, `--name=value` and `--switch`; anything else is an error naming it. */
export function parseArgv(argv: ReadonlyArray<string>): {
  values: FlagValues
  errors: Array<InputError>
} {
  const values: FlagValues = {}
  const errors: Array<InputError> = []
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index] ?? ''
    const match = /^--([a-z0-9-]+)(?:=(.*))?$/s.exec(arg)
    if (!match) {
      errors.push({ flag: arg, message: 'is not a flag (flags start with --; see --help)' })
      continue
    }
    const name = match[1] ?? ''
    const flag = `--${name}`
    const inline = match[2]
    const next = argv[index + 1]
    // A flag's value is the next word unless that is a flag itself; an unknown flag's too, so
    // one mistyped flag is one error.
    const takesNext = inline === undefined && next !== undefined && !next.startsWith('--')
    const kind = isFlag(name) ? FLAGS[name][0] : 'string'
    if (kind === 'string' && takesNext) index++
    const value = inline ?? (takesNext ? next : undefined)
    if (!isFlag(name)) errors.push({ flag, message: 'is not a flag of this command (see --help)' })
    else if (values[name] !== undefined) errors.push({ flag, message: 'is given twice' })
    else if (kind === 'boolean') {
      if (inline !== undefined) errors.push({ flag, message: 'takes no value' })
      else values[name] = true
    } else if (value === undefined) errors.push({ flag, message: 'needs a value' })
    else values[name] = value
  }
  return { values, errors }
}

/**
 * The values of a JSON file (an object whose keys are flag names), under those given on the
 * command line. Where to write and what to do this run stay on the command line.
 */
export function mergeFile(
  fileName: string,
  json: unknown,
  given: FlagValues
): { values: FlagValues; errors: Array<InputError> } {
  const errors: Array<InputError> = []
  const values: FlagValues = {}
  if (json === null || typeof json !== 'object' || Array.isArray(json)) {
    return { values: given, errors: [{ flag: fileName, message: 'must hold one JSON object' }] }
  }
  for (const [key, value] of Object.entries(json)) {
    if (!isFlag(key)) {
      errors.push({ flag: fileName, message: `"${key}" is not a flag of this command` })
      continue
    }
    if (COMMAND_LINE_ONLY.includes(key)) {
      errors.push({ flag: fileName, message: `"${key}" belongs on the command line (--${key})` })
      continue
    }
    if (typeof value === 'string') values[key] = value
    else if (typeof value === 'number' && Number.isFinite(value)) values[key] = String(value)
    else errors.push({ flag: fileName, message: `"${key}" must be a string` })
  }
  return { values: { ...values, ...given }, errors }
}

/** Everything the command does, checked. */
export interface BootstrapInput {
  env: BootstrapEnvironment
  hostEnvironment: HostEnvironment
  /** Null: the remote database. */
  stateDir: string | null
  dryRun: boolean
  newInvitation: boolean
  /** Where the invitation link and the console's addresses point. */
  origin: string
  business: {
    id: number | null
    name: string
    legalName: string
    supportEmail: string | null
    supportPhone: string | null
  }
  brand: { name: string; slug: string; tagline: string | null }
  host: string
  store: {
    name: string
    slug: string
    addressLine1: string
    addressLine2: string | null
    town: string
    county: string | null
    postcode: string
    latitude: number
    longitude: number
    /** Whether the coordinates were given or are the postcode district's centre. */
    located: 'given' | 'district'
    phone: string | null
    email: string | null
    timeZone: string
    hours: WeekHours
    hoursText: string
  }
  operator: { email: string; name: string }
}

/** What the checks need besides the values: the shipped outcodes and the default state dir. */
export interface InputContext {
  outcodes: ReadonlyMap<string, OutcodeRow>
  defaultStateDir: string
}

const REQUIRED: ReadonlyArray<FlagName> = [
  'env',
  'business',
  'brand',
  'host',
  'store-name',
  'store-address',
  'store-postcode',
  'operator-email',
  'operator-name',
]

/**
 * Checks every value and answers the input, or every error at once (each naming its flag).
 * Nothing here reads a database: a bad value is refused before anything is touched.
 */
export function validateInput(
  values: FlagValues,
  context: InputContext
): { ok: true; input: BootstrapInput } | { ok: false; errors: Array<InputError> } {
  const errors: Array<InputError> = []
  const fail = (flag: FlagName, message: string) => errors.push({ flag: `--${flag}`, message })
  const text = (flag: FlagName): string | undefined => {
    const value = values[flag]
    return typeof value === 'string' ? value.trim() : undefined
  }
  const optional = (flag: FlagName): string | null => text(flag) || null

  for (const flag of REQUIRED) if (!text(flag)) fail(flag, 'is required')

  const envText = text('env')
  const env = ENVIRONMENTS.find((name) => name === envText)
  if (envText && !env) fail('env', `must be development, staging or production (not "${envText}")`)
  const remote = values.remote === true
  if (remote && values.local === true) fail('remote', 'and --local cannot both be given')
  if (remote && text('state-dir')) fail('state-dir', 'is for the local database, not --remote')

  // The business.
  const businessIdText = text('business-id')
  const businessId = businessIdText === undefined ? null : Number(businessIdText)
  if (businessId !== null && !(Number.isSafeInteger(businessId) && businessId > 0)) {
    fail('business-id', `must be a positive whole number (not "${businessIdText}")`)
  }
  const businessName = text('business') ?? ''
  if (businessName.length > TEXT_MAX_LENGTH.name) {
    fail('business', `must be ${TEXT_MAX_LENGTH.name} characters or fewer`)
  }
  const legalName = text('legal-name') || businessName
  if (legalName.length > TEXT_MAX_LENGTH.name) {
    fail('legal-name', `must be ${TEXT_MAX_LENGTH.name} characters or fewer`)
  }
  const supportEmail = emailOf(optional('support-email'), (message) =>
    fail('support-email', message)
  )
  const supportPhone = phoneOf(optional('support-phone'), (message) =>
    fail('support-phone', message)
  )

  // The brand, checked as the console's "Add a brand" form checks it, in the console's new look.
  const brandName = text('brand') ?? ''
  const brandSlugGiven = text('brand-slug')
  const brandSlug = brandSlugGiven ?? slugify(brandName)
  const brandCheck = BrandCreateRequestSchema.safeParse({
    // The schema asks for the caller's business; any id will do to check the fields.
    businessId: 1,
    name: brandName,
    slug: brandSlug,
    tagline: text('tagline') ?? '',
    metaDescription: '',
    ...NEW_BRAND_LOOK,
  })
  if (!brandCheck.success && brandName) {
    for (const issue of brandCheck.error.issues) {
      const field = issue.path[0]
      if (field === 'slug') {
        if (brandSlugGiven !== undefined) fail('brand-slug', issue.message)
        else fail('brand', `makes no usable web address name ("${brandSlug}"): give --brand-slug`)
      } else if (field === 'tagline') fail('tagline', issue.message)
      else fail('brand', issue.message)
    }
  }

  // The host, as the console's "Add a domain" reads one.
  const hostText = text('host')
  const host = hostText ? domainName(hostText) : null
  if (hostText && !host) {
    fail('host', `"${hostText}" is not a host name like shop.example.com (no scheme, port or path)`)
  }

  // The store: its postcode by the default GB rule, its district from data/uk-outcodes.csv.
  const postcodeText = text('store-postcode')
  let postcode = ''
  let district: OutcodeRow | undefined
  if (postcodeText) {
    const checked = checkPostcode(postcodeText, DEFAULT_POSTCODE_RULE)
    if (!checked.ok) fail('store-postcode', checked.message)
    else {
      postcode = checked.postcode
      const outcode = outcodeOf(postcode) ?? ''
      district = context.outcodes.get(outcode)
      if (!district) {
        fail(
          'store-postcode',
          `its district ${outcode} is not a known postcode district (data/uk-outcodes.csv)`
        )
      }
    }
  }
  const coordinate = (flag: 'lat' | 'lng'): number | null => {
    const given = text(flag)
    if (given === undefined) return null
    const value = Number(given)
    if (given === '' || !Number.isFinite(value)) {
      fail(flag, `must be a number of degrees (not "${given}")`)
      return null
    }
    return value
  }
  const lat = coordinate('lat')
  const lng = coordinate('lng')
  if ((text('lat') === undefined) !== (text('lng') === undefined)) {
    fail(text('lat') === undefined ? 'lat' : 'lng', 'is needed with the other (--lat and --lng)')
  }
  const located = lat !== null && lng !== null ? 'given' : 'district'
  const storeEmail = emailOf(optional('store-email'), (message) => fail('store-email', message))
  const storeName = text('store-name') ?? ''
  const storeSlugGiven = text('store-slug')
  const town = text('store-town') || district?.town.split(' / ')[0] || ''
  const storeCheck = StoreDetailsInputSchema.safeParse({
    name: storeName,
    slug: storeSlugGiven ?? slugify(storeName),
    description: null,
    phone: optional('store-phone'),
    email: storeEmail,
    addressLine1: text('store-address') ?? '',
    addressLine2: optional('store-address-2'),
    town,
    county: optional('store-county'),
    postcode,
    latitude: located === 'given' ? lat : (district?.latitude ?? null),
    longitude: located === 'given' ? lng : (district?.longitude ?? null),
    timeZone: text('time-zone') || 'Europe/London',
    isActive: true,
  })
  if (!storeCheck.success) {
    for (const issue of storeCheck.error.issues) {
      const flag = STORE_FIELD_FLAGS[String(issue.path[0])] ?? 'store-name'
      // A required field left out is said once, by the check above.
      if (REQUIRED.includes(flag) && !text(flag)) continue
      if (flag === 'store-slug' && storeSlugGiven === undefined) {
        if (storeName) fail('store-name', `makes no usable web address name: give --store-slug`)
      } else if (flag === 'store-town' && !text('store-town')) {
        if (district) fail('store-town', 'is needed: the district has no post town')
      } else fail(flag, issue.message)
    }
  }
  const hoursText = text('hours') || DEFAULT_HOURS
  const hours = parseWeekHours(hoursText)
  if (!hours.ok) fail('hours', hours.message)

  // The operator, checked as the console's invitation checks an invitee.
  const operatorCheck = StaffInviteRequestSchema.safeParse({
    businessId: 1,
    email: text('operator-email') ?? '',
    name: text('operator-name') ?? '',
    role: 'operator',
    storeIds: [],
  })
  if (!operatorCheck.success) {
    for (const issue of operatorCheck.error.issues) {
      const flag = issue.path[0] === 'email' ? 'operator-email' : 'operator-name'
      if (text(flag)) fail(flag, issue.message)
    }
  }

  const origin = originOf(text('origin'), env, host, (message) => fail('origin', message))

  if (
    errors.length > 0 ||
    !env ||
    !host ||
    !storeCheck.success ||
    !hours.ok ||
    !operatorCheck.success ||
    !brandCheck.success ||
    origin === null
  ) {
    return { ok: false, errors }
  }
  const store = storeCheck.data
  return {
    ok: true,
    input: {
      env,
      hostEnvironment: HOST_ENVIRONMENT[env],
      stateDir: remote ? null : text('state-dir') || context.defaultStateDir,
      dryRun: values['dry-run'] === true,
      newInvitation: values['new-invitation'] === true,
      origin,
      business: { id: businessId, name: businessName, legalName, supportEmail, supportPhone },
      brand: {
        name: brandCheck.data.name,
        slug: brandCheck.data.slug,
        tagline: brandCheck.data.tagline,
      },
      host,
      store: {
        name: store.name,
        slug: store.slug,
        addressLine1: store.addressLine1,
        addressLine2: store.addressLine2,
        town: store.town,
        county: store.county,
        postcode,
        latitude: store.latitude ?? 0,
        longitude: store.longitude ?? 0,
        located,
        phone: store.phone,
        email: store.email,
        timeZone: store.timeZone,
        hours: hours.days,
        hoursText,
      },
      operator: { email: operatorCheck.data.email, name: operatorCheck.data.name },
    },
  }
}

// The store details schema's fields (schemas/operator-stores.ts) and the flags that set them.
const STORE_FIELD_FLAGS: Record<string, FlagName> = {
  name: 'store-name',
  slug: 'store-slug',
  phone: 'store-phone',
  email: 'store-email',
  addressLine1: 'store-address',
  addressLine2: 'store-address-2',
  town: 'store-town',
  county: 'store-county',
  postcode: 'store-postcode',
  latitude: 'lat',
  longitude: 'lng',
  timeZone: 'time-zone',
}

function emailOf(value: string | null, fail: (message: string) => void): string | null {
  if (value === null) return null
  const checked = EmailSchema.safeParse(value)
  if (checked.success) return checked.data
  fail(checked.error.issues[0]?.message ?? 'is not an email address')
  return null
}

function phoneOf(value: string | null, fail: (message: string) => void): string | null {
  if (value === null) return null
  const phone = normaliseUkPhone(value)
  if (phone === null) fail(`"${value}" is not a UK phone number`)
  return phone
}

/** The origin links point at: as given (http or https, nothing after the host), or the host's. */
function originOf(
  given: string | undefined,
  env: BootstrapEnvironment | undefined,
  host: string | null,
  fail: (message: string) => void
): string | null {
  if (given === undefined) {
    if (!host) return null
    // `npm run dev` serves every host on Vite's port; deployed hosts are https.
    return env === 'development' ? `http://${host}:5173` : `https://${host}`
  }
  let url: URL
  try {
    url = new URL(given)
  } catch {
    fail(`"${given}" is not an address like https://shop.example.com`)
    return null
  }
  if (!['http:', 'https:'].includes(url.protocol) || given.replace(/\/$/, '') !== url.origin) {
    fail(`must be an http or https origin with nothing after the host (not "${given}")`)
    return null
  }
  return url.origin
}

/** The invitation's link on the brand's host (the store console's accept page). */
export function invitationLink(origin: string, token: string): string {
  return `${origin}${STAFF_INVITATION_PATH}${token}`
}
