// What a bootstrap run will do, decided from the input and the snapshot (state.ts) before
// anything is written: each thing is created or already there, or the run is refused (a host of
// another brand, a slug of another business, an email that is not an operator's). A second run
// with the same input finds everything there and plans no change.
import { isLoopbackName } from '../../schemas/host-name.ts'
import { COUNTRIES } from '../lib/reference-data.ts'
import { formatWeekHours } from './hours.ts'
import type { BootstrapInput } from './input.ts'
import type { Snapshot } from './state.ts'

/** HOSTNAME_PROVIDER's values (worker/backend/operator/brands/create-hostname-provisioner.ts). */
export const HOSTNAME_PROVIDERS = ['local', 'cloudflare'] as const
export type HostnameProvider = (typeof HOSTNAME_PROVIDERS)[number]

/** A brand_domains row as the console's add-domain flow stores the provider's answer. */
export interface DomainRecord {
  providerId: string
  status: 'active' | 'pending'
  sslStatus: string | null
  message: string | null
}

/** How the host is set up: served at once (brand_hosts), recorded as a domain, or both. */
export interface HostPlan {
  serve: boolean
  domain: DomainRecord | null
  /** Why, in words, for the plan. */
  how: string
}

export interface PlanStep {
  subject: string
  outcome: 'create' | 'exists'
  detail: string
}

export interface Plan {
  /** Reasons not to write anything; the run stops when there are any. */
  refusals: Array<string>
  steps: Array<PlanStep>
  create: {
    countries: boolean
    outcodes: boolean
    business: boolean
    postcodeRule: boolean
    brand: boolean
    host: HostPlan | null
    store: boolean
    operator: boolean
  }
  /** A new invitation for the operator; 'replace' retires their unused one first. */
  invitation: 'new' | 'replace' | null
  /** What the person should know after the plan. */
  notes: Array<string>
}

/** Whether the plan writes anything. */
export function planChanges(plan: Plan): boolean {
  const creates = Object.values(plan.create).some((value) => value !== false && value !== null)
  return creates || plan.invitation !== null
}

/**
 * How the console's add-domain flow would leave the host with this provider (ADR 028): the local
 * provider makes a `*.localhost` name active at once and any other pending until its next check
 * (the minute cron); Cloudflare for SaaS needs an API call this command does not make, so the host
 * serves at once as one set up before provisioning, and routing it is the person's next step.
 */
export function hostPlan(provider: HostnameProvider, host: string): HostPlan {
  if (provider === 'cloudflare') {
    return {
      serve: true,
      domain: null,
      how: 'served at once, as a host set up before provisioning (no Cloudflare call is made)',
    }
  }
  if (isLoopbackName(host)) {
    return {
      serve: true,
      domain: { providerId: `local:${host}`, status: 'active', sslStatus: 'active', message: null },
      how: 'active at once (the local hostname provider, a *.localhost name)',
    }
  }
  return {
    serve: false,
    domain: {
      providerId: `local:${host}`,
      status: 'pending',
      sslStatus: 'pending_validation',
      message: 'Waiting for its next check.',
    },
    how: 'pending: the local hostname provider makes it active at its next check (the minute cron)',
  }
}

const count = (n: number) => n.toLocaleString('en-GB')

/**
 * The plan for `input` against what the database holds. `provider` is HOSTNAME_PROVIDER of the
 * environment; `outcodes` is how many outcode rows the shipped data has.
 */
export function planBootstrap(
  input: BootstrapInput,
  snapshot: Snapshot,
  context: { provider: string; outcodes: number }
): Plan {
  const refusals: Array<string> = []
  const steps: Array<PlanStep> = []
  const notes: Array<string> = []
  const step = (subject: string, outcome: PlanStep['outcome'], detail: string) =>
    steps.push({ subject, outcome, detail })

  const provider = HOSTNAME_PROVIDERS.find((name) => name === context.provider)
  if (!provider) {
    refusals.push(
      `HOSTNAME_PROVIDER of --env ${input.env} is "${context.provider}", not one of ` +
        `${HOSTNAME_PROVIDERS.join(', ')}: set it in wrangler.toml [vars]`
    )
  }

  // The business: by its id when given, else by its name.
  const { business } = input
  let businessId: number | null = null
  if (business.id !== null) {
    const byId = snapshot.businesses.find((row) => row.id === business.id)
    const byName = snapshot.businesses.find((row) => row.name === business.name)
    if (byId && byId.name !== business.name) {
      refusals.push(`--business-id ${business.id} is "${byId.name}", not "${business.name}"`)
    } else if (!byId && byName) {
      refusals.push(
        `A business called "${business.name}" exists already (id ${byName.id}): give ` +
          `--business-id ${byName.id}, or leave --business-id out`
      )
    }
    businessId = byId ? business.id : null
  } else {
    const named = snapshot.businesses.filter((row) => row.name === business.name)
    if (named.length > 1) {
      refusals.push(
        `${named.length} businesses are called "${business.name}" (ids ` +
          `${named.map((row) => row.id).join(', ')}): give --business-id`
      )
    }
    businessId = named.length === 1 ? (named[0]?.id ?? null) : null
  }
  if (businessId === null) {
    step(
      'business',
      'create',
      `"${business.name}"${business.id === null ? '' : ` (id ${business.id})`}`
    )
  } else step('business', 'exists', `"${business.name}" (id ${businessId})`)
  const postcodeRule = businessId === null || !snapshot.postcodeRules.includes(businessId)
  step('postcode rule', postcodeRule ? 'create' : 'exists', 'GB, the default UK rule')

  // The brand, by its slug (slugs are unique across businesses).
  const brand = snapshot.brands[0]
  const ours = brand !== undefined && businessId !== null && brand.businessId === businessId
  if (brand && !ours) {
    refusals.push(
      `The brand web address name "${brand.slug}" belongs to another business's brand ` +
        `("${brand.name}"): give another --brand-slug`
    )
  }
  if (ours) {
    step(
      'brand',
      'exists',
      `"${brand.name}" (${brand.slug}), ${brand.isActive ? 'live' : 'offline'}`
    )
    if (brand.name !== input.brand.name) {
      notes.push(`The brand ${brand.slug} is called "${brand.name}" here; it is left as it is.`)
    }
    if (!brand.isActive) {
      notes.push(`The brand ${brand.slug} is offline: its hosts serve nothing until it goes live.`)
    }
  } else {
    step(
      'brand',
      'create',
      `"${input.brand.name}" (${input.brand.slug}): live, in the console's new-brand colours, ` +
        'with a wordmark logo until one is uploaded'
    )
  }

  // The host: never taken from another brand.
  let host: HostPlan | null = null
  const where = `${input.host} (${input.hostEnvironment})`
  const foreign = snapshot.hosts.find(
    (row) => !ours || row.brandId !== brand.id || row.businessId !== businessId
  )
  if (foreign) {
    refusals.push(
      `--host ${input.host} already belongs to the brand "${foreign.brandName}" ` +
        `(${foreign.brandSlug}), not "${input.brand.name}" (${input.brand.slug}). A host is ` +
        'never moved from one brand to another here: detach it in the operator console ' +
        '(/store/operator/brands) first, or give another --host'
    )
  } else if (snapshot.hosts.length > 0) {
    const serving = snapshot.hosts.some((row) => row.source === 'brand_hosts')
    const status = serving ? 'serving' : (snapshot.hosts[0]?.status ?? 'pending')
    step('host', 'exists', `${input.host} (${snapshot.hosts[0]?.environment}): ${status}`)
    if (snapshot.hosts.some((row) => row.environment !== input.hostEnvironment)) {
      notes.push(`The host ${input.host} is recorded for another environment; it is left as it is.`)
    }
  } else if (provider) {
    host = hostPlan(provider, input.host)
    step('host', 'create', `${where}: ${host.how}`)
  }

  // The store, by its slug within the business.
  const store =
    businessId === null ? undefined : snapshot.stores.find((row) => row.businessId === businessId)
  const { store: wanted } = input
  if (store) {
    step('store', 'exists', `"${store.name}" (${store.slug}, id ${store.id}): left as it is`)
  } else {
    const address = [wanted.addressLine1, wanted.addressLine2, wanted.town, wanted.postcode]
      .filter(Boolean)
      .join(', ')
    const point =
      `${wanted.latitude}, ${wanted.longitude}` +
      (wanted.located === 'district' ? ' (its postcode district’s centre)' : '')
    step('store', 'create', `"${wanted.name}" (${wanted.slug}), ${address}; at ${point}; live`)
    step(
      'opening hours',
      'create',
      `${formatWeekHours(wanted.hours)} (${wanted.timeZone}), for the shop, delivery and collection`
    )
  }

  // The operator, by email within the business.
  const staff =
    businessId === null ? undefined : snapshot.staff.find((row) => row.businessId === businessId)
  let invitation: Plan['invitation'] = null
  const who = `${input.operator.name} <${input.operator.email}>`
  if (!staff) {
    step('operator', 'create', `${who}: invited, no password until the link sets one`)
    invitation = 'new'
  } else if (staff.isOperator !== 1) {
    refusals.push(
      `${input.operator.email} is already staff of "${business.name}" but not an operator: ` +
        'make them one in the store console, or give another --operator-email'
    )
  } else if (staff.status === 'deactivated') {
    refusals.push(
      `${input.operator.email} is a deactivated operator of "${business.name}": this command ` +
        'does not reactivate accounts; give another --operator-email'
    )
  } else if (staff.status === 'active') {
    step('operator', 'exists', `${who}: active, signs in with their password`)
    if (input.newInvitation) notes.push('No new invitation: the operator is already active.')
  } else if (input.newInvitation) {
    step('operator', 'exists', `${who}: invited; a new link replaces the unused one`)
    invitation = 'replace'
  } else if (staff.liveInvitationUntil !== null) {
    step('operator', 'exists', `${who}: invited, the link works until ${staff.liveInvitationUntil}`)
    notes.push(
      'The invitation link was printed when it was made and is not kept. To make a new one ' +
        '(the old one then stops working), run again with --new-invitation.'
    )
  } else {
    step('operator', 'exists', `${who}: invited, but the link has expired or was replaced`)
    notes.push('To make a new invitation link, run again with --new-invitation.')
  }

  // Reference rows: inserted where missing, never changed.
  const countries = snapshot.countries < COUNTRIES.length
  step(
    'countries',
    countries ? 'create' : 'exists',
    `${COUNTRIES.length} countries${countries ? ` (${COUNTRIES.length - snapshot.countries} missing)` : ''}`
  )
  const outcodes = snapshot.outcodes < context.outcodes
  step(
    'postcode districts',
    outcodes ? 'create' : 'exists',
    `${count(context.outcodes)} UK outcode centroids from data/uk-outcodes.csv` +
      (outcodes ? ` (${count(context.outcodes - snapshot.outcodes)} missing)` : '')
  )

  return {
    refusals,
    steps,
    create: {
      countries,
      outcodes,
      business: businessId === null,
      postcodeRule,
      brand: !ours,
      host,
      store: !store,
      operator: !staff,
    },
    invitation,
    notes,
  }
}
