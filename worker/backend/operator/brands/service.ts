import { nextRowId } from '../next-id-repo.ts'
import type { WhiteLabelSection } from '../../../../schemas/brand.ts'
import { MESSAGES } from '../../../../schemas/messages.ts'
import type {
  BrandDetail,
  BrandDomain,
  HostEnvironment,
  PostcodeRuleView,
} from '../../../../schemas/operator-brands.ts'
import { AppError } from '../../../lib/errors.ts'
import { mergeWhiteLabelSettings } from '../../content/white-label.ts'
import { checkImage, type MediaStore, putImage } from '../../media/images.ts'
import type { StaffCaller } from '../../staff/guard.ts'
import { auditStatement } from '../../audit-repo.ts'
import { domainName } from '../../../../schemas/host-name.ts'
import { claimHost, releaseHost } from '../../directory/repo.ts'
import { claimSlug, releaseSlug } from '../../directory/slugs-repo.ts'
import type { HostnameProvisioner, HostnameStatus } from './hostname-provisioner.ts'
import {
  type BrandRecord,
  type BrandWrite,
  brandDomains,
  brandSettingsRows,
  detachHostStatements,
  findBrand,
  findDomain,
  findServedHost,
  hostTaken,
  insertBrandStatement,
  insertDomainStatement,
  pendingDomains,
  postcodeRules,
  serveHostStatement,
  setBrandImageStatement,
  setBrandLiveStatement,
  slugTaken,
  updateBrandStatement,
  updateDomainStatement,
  upsertPostcodeRuleStatement,
  upsertSettingsStatement,
} from './repo.ts'

/** Who changes what, when: every change is audited with the caller and the app clock's time. */
export interface ChangeContext {
  db: D1Database
  caller: StaffCaller
  at: string
  /**
   * The directory of shards (ADR 047) and the shard `db` is, where there is one: a host's
   * attach and detach write it too, as the calls that know only a host find their business there.
   */
  directory?: { db: D1Database; shard: string } | undefined
  /**
   * Every shard's database (`db` among them), where a brand's slug, unique across the platform,
   * is looked for; absent, `db` alone (one database).
   */
  shards?: (() => Promise<ReadonlyArray<D1Database>>) | undefined
}

const fieldError = (field: string, message: string) =>
  new AppError('validation_error', message, { fields: [{ field, message }] })

/** The business's brand, or not_found (another business's brand does not exist for the caller). */
export async function ownBrand(
  db: D1Database,
  businessId: number,
  brandId: number
): Promise<BrandRecord> {
  const brand = await findBrand(db, businessId, brandId)
  if (!brand) throw new AppError('not_found', MESSAGES.brandNotFound)
  return brand
}

/** Everything the brand page shows. */
export async function brandDetail(
  db: D1Database,
  businessId: number,
  brandId: number
): Promise<BrandDetail> {
  const brand = await ownBrand(db, businessId, brandId)
  const [domains, sections, rules] = await Promise.all([
    brandDomains(db, businessId, brandId),
    brandSettingsRows(db, brandId),
    postcodeRules(db, businessId),
  ])
  return {
    ...brand,
    logoUrl: brand.logo.url,
    domains,
    settings: mergeWhiteLabelSettings(sections, brandId),
    postcodeRules: rules,
  }
}

const audit = (
  change: ChangeContext,
  action: string,
  entity: string,
  entityId: number | null,
  before: unknown,
  after: unknown,
  summary: string
) =>
  auditStatement(change.db, {
    businessId: change.caller.businessId,
    staffId: change.caller.staffId,
    action,
    entity,
    entityId,
    before,
    after,
    summary,
    at: change.at,
  })

/**
 * A slug is the platform's, not the business's: any brand on any shard holding it refuses it. The
 * brand's own id is only its own on its own shard (ADR 063: ids are each shard's), so the others
 * are asked with no exception.
 */
async function refuseTakenSlug(
  change: ChangeContext,
  slug: string,
  brandId: number | null
): Promise<void> {
  const others = ((await change.shards?.()) ?? []).filter((shard) => shard !== change.db)
  const taken = await Promise.all([
    slugTaken(change.db, slug, brandId),
    ...others.map((shard) => slugTaken(shard, slug, null)),
  ])
  if (taken.includes(true)) throw fieldError('slug', MESSAGES.brandSlugTaken)
}

/**
 * Claims the slug for the brand in the directory (ADR 063) once no shard holds it: the claim is
 * the one row per slug, so two brands of two shards asking at once cannot both win. Answers the
 * claim's release, for a write that then fails; without a directory (one database), the shard's
 * unique slug is the claim.
 */
async function claimBrandSlug(
  change: ChangeContext,
  slug: string,
  brandId: number
): Promise<() => Promise<void>> {
  const directory = change.directory
  if (!directory) return () => Promise.resolve()
  const owner = { businessId: change.caller.businessId, brandId }
  if (!(await claimSlug(directory.db, { slug, ...owner, shard: directory.shard }))) {
    throw fieldError('slug', MESSAGES.brandSlugTaken)
  }
  return () => releaseSlug(directory.db, slug, owner)
}

/** Writes a brand's change under its slug's claim: a failed write gives a new claim back. */
async function underSlugClaim(
  change: ChangeContext,
  claim: { slug: string; brandId: number; previous: string | null },
  write: () => Promise<unknown>
): Promise<void> {
  const release = await claimBrandSlug(change, claim.slug, claim.brandId)
  const isNew = claim.previous !== claim.slug
  try {
    await write()
  } catch (error) {
    if (isNew) await release().catch(() => undefined)
    throw error
  }
  // The old slug is free once the brand no longer holds it; a lost release is the daily run's.
  if (isNew && claim.previous !== null && change.directory) {
    const owner = { businessId: change.caller.businessId, brandId: claim.brandId }
    await releaseSlug(change.directory.db, claim.previous, owner).catch(() => undefined)
  }
}

/** A new brand of the caller's business: not live, no domains, no logo yet. */
export async function createBrand(change: ChangeContext, fields: BrandWrite): Promise<BrandDetail> {
  const { db, caller } = change
  await refuseTakenSlug(change, fields.slug, null)
  const id = await nextRowId(db, 'brands')
  await underSlugClaim(change, { slug: fields.slug, brandId: id, previous: null }, () =>
    db.batch([
      insertBrandStatement(db, caller.businessId, id, fields, change.at),
      audit(change, 'brand.create', 'brand', id, null, fields, `Brand ${fields.name} created`),
    ])
  )
  return brandDetail(db, caller.businessId, id)
}

export async function updateBrand(
  change: ChangeContext,
  brandId: number,
  fields: BrandWrite
): Promise<BrandDetail> {
  const { db, caller } = change
  const before = await ownBrand(db, caller.businessId, brandId)
  await refuseTakenSlug(change, fields.slug, brandId)
  await underSlugClaim(change, { slug: fields.slug, brandId, previous: before.slug }, () =>
    db.batch([
      updateBrandStatement(db, caller.businessId, brandId, fields, change.at),
      audit(
        change,
        'brand.update',
        'brand',
        brandId,
        before,
        { ...before, ...fields },
        `Brand ${fields.name} changed`
      ),
    ])
  )
  return brandDetail(db, caller.businessId, brandId)
}

/** Live: its active domains serve shoppers. A brand without a logo cannot go live. */
export async function setBrandLive(
  change: ChangeContext,
  brandId: number,
  live: boolean
): Promise<BrandDetail> {
  const { db, caller } = change
  const before = await ownBrand(db, caller.businessId, brandId)
  if (live && before.logo.url === '') throw fieldError('live', MESSAGES.brandLogoFirst)
  await db.batch([
    setBrandLiveStatement(db, caller.businessId, brandId, live, change.at),
    audit(
      change,
      live ? 'brand.go_live' : 'brand.take_offline',
      'brand',
      brandId,
      { isActive: before.isActive },
      { isActive: live },
      `Brand ${before.name} ${live ? 'taken live' : 'taken offline'}`
    ),
  ])
  return brandDetail(db, caller.businessId, brandId)
}

/** The header shows logos this high (client/components/Logo.tsx); the width keeps the ratio. */
export const HEADER_LOGO_HEIGHT = 40

/** The logo's display size: the header's height, its width in the picture's ratio. */
export function logoDisplaySize(width: number, height: number): { width: number; height: number } {
  return {
    width: Math.max(1, Math.round((width / height) * HEADER_LOGO_HEIGHT)),
    height: HEADER_LOGO_HEIGHT,
  }
}

/** Stores an uploaded logo or icon in MEDIA and points the brand at it. */
export async function setBrandImage(
  change: ChangeContext,
  media: MediaStore,
  brandId: number,
  kind: 'logo' | 'icon',
  file: File
): Promise<BrandDetail> {
  const { db, caller } = change
  const before = await ownBrand(db, caller.businessId, brandId)
  // An icon is drawn at 32 px by browsers; a logo is scaled to the header, whatever its size.
  const checked = await checkImage(
    new Uint8Array(await file.arrayBuffer()),
    'file',
    kind === 'icon' ? { minSide: 32 } : {}
  )
  const stored = await putImage(media, caller.businessId, 'brand', checked)
  const image =
    kind === 'icon'
      ? ({ kind, url: stored.url } as const)
      : ({ kind, url: stored.url, ...logoDisplaySize(stored.width, stored.height) } as const)
  await db.batch([
    setBrandImageStatement(db, caller.businessId, brandId, image, change.at),
    audit(
      change,
      kind === 'icon' ? 'brand.icon' : 'brand.logo',
      'brand',
      brandId,
      kind === 'icon' ? { faviconUrl: before.faviconUrl } : { logo: before.logo },
      kind === 'icon' ? { faviconUrl: stored.url } : { logo: image },
      `${kind === 'icon' ? 'Icon' : 'Logo'} of ${before.name} uploaded`
    ),
  ])
  return brandDetail(db, caller.businessId, brandId)
}

/** Replaces one white-label section (already checked by its schema). */
export async function saveSettings(
  change: ChangeContext,
  brandId: number,
  section: WhiteLabelSection,
  settings: Record<string, unknown>
): Promise<BrandDetail> {
  const { db, caller } = change
  const brand = await ownBrand(db, caller.businessId, brandId)
  const before = mergeWhiteLabelSettings(await brandSettingsRows(db, brandId), brandId)[section]
  await db.batch([
    upsertSettingsStatement(db, brandId, section, settings, change.at),
    audit(
      change,
      'brand_settings.update',
      'brand',
      brandId,
      { [section]: before },
      { [section]: settings },
      `${section} settings of ${brand.name} changed`
    ),
  ])
  return brandDetail(db, caller.businessId, brandId)
}

// The domain row's new state, and the brand_hosts row once the provider says it is active.
function domainStatements(
  change: ChangeContext,
  domainId: number,
  brandId: number,
  host: string,
  environment: HostEnvironment,
  status: HostnameStatus
): Array<D1PreparedStatement> {
  return [
    updateDomainStatement(change.db, domainId, status, change.at),
    ...(status.status === 'active'
      ? [serveHostStatement(change.db, brandId, host, environment)]
      : []),
  ]
}

/**
 * Attaches a domain: normalised, unique across every business (a taken one is refused without
 * saying whose), asked of the provisioner, recorded with its status; it serves at once only if
 * the provisioner says it is active.
 */
export async function attachDomain(
  change: ChangeContext,
  provisioner: HostnameProvisioner,
  brandId: number,
  typedHost: string,
  environment: HostEnvironment
): Promise<BrandDomain> {
  const { db, caller } = change
  const brand = await ownBrand(db, caller.businessId, brandId)
  const host = domainName(typedHost)
  if (!host) throw fieldError('host', MESSAGES.domainInvalid)
  if (await hostTaken(db, host)) throw fieldError('host', MESSAGES.domainTaken)
  // Claimed in the directory first: a host held on another shard is refused before anything is
  // written or provisioned; a failed attach gives the claim back.
  const directory = change.directory
  const claim = { host, brandId, businessId: caller.businessId, shard: directory?.shard ?? 'DB' }
  if (directory && !(await claimHost(directory.db, claim))) {
    throw fieldError('host', MESSAGES.domainTaken)
  }
  const unclaim = () =>
    directory ? releaseHost(directory.db, host, caller.businessId) : Promise.resolve()
  const status = await provisioner.create(host).catch(async (error: unknown) => {
    await unclaim()
    throw error
  })
  const record = { businessId: caller.businessId, brandId, host, environment }
  try {
    await db.batch([
      insertDomainStatement(db, record, status, change.at),
      ...(status.status === 'active' ? [serveHostStatement(db, brandId, host, environment)] : []),
      audit(
        change,
        'brand_domain.attach',
        'brand',
        brandId,
        null,
        { host, environment, status: status.status },
        `Domain ${host} added to ${brand.name}`
      ),
    ])
  } catch (error) {
    // Taken meanwhile (the unique host): give the provider's hostname back.
    await provisioner.delete(status.providerId).catch(() => undefined)
    await unclaim().catch(() => undefined)
    if (await hostTaken(db, host)) throw fieldError('host', MESSAGES.domainTaken)
    throw error
  }
  return domainOf(change, brandId, host)
}

async function domainOf(
  change: ChangeContext,
  brandId: number,
  host: string
): Promise<BrandDomain> {
  const domains = await brandDomains(change.db, change.caller.businessId, brandId)
  const domain = domains.find((candidate) => candidate.host === host)
  if (!domain) throw new AppError('not_found', MESSAGES.domainNotFound)
  return domain
}

/** "Check now": asks the provisioner again; an active domain starts serving. */
export async function checkDomain(
  change: ChangeContext,
  provisioner: HostnameProvisioner,
  brandId: number,
  typedHost: string
): Promise<BrandDomain> {
  const { db, caller } = change
  await ownBrand(db, caller.businessId, brandId)
  const host = domainName(typedHost) ?? typedHost
  const domain = await findDomain(db, caller.businessId, brandId, host)
  if (!domain) {
    // A host set up before provisioning serves already: nothing to ask.
    if (await findServedHost(db, caller.businessId, brandId, host))
      return domainOf(change, brandId, host)
    throw new AppError('not_found', MESSAGES.domainNotFound)
  }
  const status = await provisioner.get(domain.providerId, host)
  const statements = domainStatements(change, domain.id, brandId, host, domain.environment, status)
  if (status.status !== domain.status) {
    statements.push(
      audit(
        change,
        'brand_domain.status',
        'brand',
        brandId,
        { host, status: domain.status },
        { host, status: status.status },
        `Domain ${host} is ${status.status}`
      )
    )
  }
  await db.batch(statements)
  return domainOf(change, brandId, host)
}

/** Detaches a domain: it stops serving at once, and the provisioner gives the hostname up. */
export async function detachDomain(
  change: ChangeContext,
  provisioner: HostnameProvisioner,
  brandId: number,
  typedHost: string
): Promise<{ host: string }> {
  const { db, caller } = change
  const brand = await ownBrand(db, caller.businessId, brandId)
  const host = domainName(typedHost) ?? typedHost
  const [domain, served] = await Promise.all([
    findDomain(db, caller.businessId, brandId, host),
    findServedHost(db, caller.businessId, brandId, host),
  ])
  if (!domain && !served) throw new AppError('not_found', MESSAGES.domainNotFound)
  await db.batch([
    ...detachHostStatements(db, brandId, host),
    audit(
      change,
      'brand_domain.detach',
      'brand',
      brandId,
      { host, environment: domain?.environment ?? served?.environment },
      null,
      `Domain ${host} removed from ${brand.name}`
    ),
  ])
  // Given up in the directory once it no longer serves on the shard.
  if (change.directory) await releaseHost(change.directory.db, host, caller.businessId)
  if (domain) await provisioner.delete(domain.providerId)
  return { host }
}

/** The business's postcode rule for a country (replaced whole). */
export async function savePostcodeRule(
  change: ChangeContext,
  rule: PostcodeRuleView
): Promise<Array<PostcodeRuleView>> {
  const { db, caller } = change
  const before =
    (await postcodeRules(db, caller.businessId)).find((r) => r.countryCode === rule.countryCode) ??
    null
  await db.batch([
    upsertPostcodeRuleStatement(db, caller.businessId, rule),
    audit(
      change,
      'postcode_rule.update',
      'postcode_rule',
      null,
      before,
      rule,
      `Postcode rule for ${rule.countryCode} changed`
    ),
  ])
  return postcodeRules(db, caller.businessId)
}

/**
 * The cron's turn (worker/scheduled.ts): asks the provisioner about pending domains, oldest check
 * first, a few a minute; an active one starts serving. Not an operator's change, so not audited;
 * answers the hosts that became active, whose brand caches the caller purges.
 */
export async function checkPendingDomains(
  db: D1Database,
  provisioner: HostnameProvisioner,
  at: string,
  limit = 20
): Promise<Array<string>> {
  const activated: Array<string> = []
  const failures: Array<unknown> = []
  for (const domain of await pendingDomains(db, limit)) {
    // One domain the provider cannot answer for must not hold the others back.
    let status: HostnameStatus
    try {
      status = await provisioner.get(domain.providerId, domain.host)
    } catch (error) {
      failures.push(error)
      continue
    }
    await db.batch([
      updateDomainStatement(db, domain.id, status, at),
      ...(status.status === 'active'
        ? [serveHostStatement(db, domain.brandId, domain.host, domain.environment)]
        : []),
    ])
    if (status.status === 'active') activated.push(domain.host)
  }
  // The others were asked and stored; the failure is rethrown so the cron run records it.
  if (failures.length > 0) throw failures[0]
  return activated
}
