// The brands area's SQL (ADR 004): every statement names the caller's business.

import type { BrandFont } from '../../../../schemas/brand-fonts.ts'
import type {
  BrandColours,
  BrandDomain,
  BrandSummary,
  HostEnvironment,
  PostcodeRuleView,
} from '../../../../schemas/operator-brands.ts'
import type { HostnameStatus, VerificationRecord } from './hostname-provisioner.ts'

interface BrandRow {
  id: number
  slug: string
  name: string
  is_active: number
  logo_url: string
  logo_width: number
  logo_height: number
  favicon_url: string | null
  tagline: string | null
  meta_description: string | null
  primary_color: string
  primary_text_color: string
  secondary_color: string
  accent_color: string
  background_color: string
  text_color: string
  font: BrandFont
}

interface DomainRow {
  brand_id: number
  host: string
  environment: HostEnvironment
  status: BrandDomain['status'] | null
  serving: number
  ssl_status: string | null
  records_json: string | null
  message: string | null
  checked_at: string | null
}

/** A brand's stored look and words, as the brand page and the audit record show them. */
export interface BrandRecord {
  id: number
  slug: string
  name: string
  isActive: boolean
  logo: { url: string; width: number; height: number }
  faviconUrl: string | null
  tagline: string | null
  metaDescription: string | null
  colors: BrandColours
  font: BrandFont
}

const recordOf = (row: BrandRow): BrandRecord => ({
  id: row.id,
  slug: row.slug,
  name: row.name,
  isActive: row.is_active === 1,
  logo: { url: row.logo_url, width: row.logo_width, height: row.logo_height },
  faviconUrl: row.favicon_url,
  tagline: row.tagline,
  metaDescription: row.meta_description,
  colors: {
    primary: row.primary_color,
    primaryText: row.primary_text_color,
    secondary: row.secondary_color,
    accent: row.accent_color,
    background: row.background_color,
    text: row.text_color,
  },
  font: row.font,
})

const BRAND_COLUMNS = `id, slug, name, is_active, logo_url, logo_width, logo_height, favicon_url, tagline,
  meta_description, primary_color, primary_text_color, secondary_color, accent_color,
  background_color, text_color, font`

// Hosts that serve (brand_hosts) and domains being provisioned (brand_domains), one row per host.
const DOMAINS_SQL = `
  select d.brand_id, d.host, d.environment, d.status,
         exists(select 1 from brand_hosts h where h.host = d.host) as serving,
         d.ssl_status, d.records_json, d.message, d.checked_at
    from brand_domains d where d.business_id = ?1
  union all
  select h.brand_id, h.host, h.environment, 'active', 1, null, null, null, null
    from brand_hosts h join brands b on b.id = h.brand_id
   where b.business_id = ?1 and not exists (select 1 from brand_domains d where d.host = h.host)
  order by 2`

const domainOf = (row: DomainRow): BrandDomain => ({
  host: row.host,
  environment: row.environment,
  status: row.status ?? 'active',
  serving: row.serving === 1,
  sslStatus: row.ssl_status,
  records: row.records_json ? (JSON.parse(row.records_json) as Array<VerificationRecord>) : [],
  message: row.message,
  checkedAt: row.checked_at,
})

/** The business's brands with their domains, by name. */
export async function listBrands(db: D1Database, businessId: number): Promise<Array<BrandSummary>> {
  const [brands, domains] = await db.batch([
    db
      .prepare(`select ${BRAND_COLUMNS} from brands where business_id = ?1 order by name, id`)
      .bind(businessId),
    db.prepare(DOMAINS_SQL).bind(businessId),
  ])
  const domainRows = (domains?.results ?? []) as Array<DomainRow>
  return ((brands?.results ?? []) as Array<BrandRow>).map((row) => ({
    id: row.id,
    slug: row.slug,
    name: row.name,
    isActive: row.is_active === 1,
    logoUrl: row.logo_url,
    domains: domainRows.filter((domain) => domain.brand_id === row.id).map(domainOf),
  }))
}

/** One of the business's brands, or null (another business's brand is not found). */
export async function findBrand(
  db: D1Database,
  businessId: number,
  brandId: number
): Promise<BrandRecord | null> {
  const row = await db
    .prepare(`select ${BRAND_COLUMNS} from brands where id = ?1 and business_id = ?2`)
    .bind(brandId, businessId)
    .first<BrandRow>()
  return row ? recordOf(row) : null
}

/** The brand's domains (served hosts and provisioned ones). */
export async function brandDomains(
  db: D1Database,
  businessId: number,
  brandId: number
): Promise<Array<BrandDomain>> {
  const { results } = await db.prepare(DOMAINS_SQL).bind(businessId).all<DomainRow>()
  return results.filter((row) => row.brand_id === brandId).map(domainOf)
}

/** The brand's white-label sections as stored (section → JSON text). */
export async function brandSettingsRows(
  db: D1Database,
  brandId: number
): Promise<Array<{ section: string; settingsJson: string }>> {
  const { results } = await db
    .prepare('select section, settings_json from brand_settings where brand_id = ?1')
    .bind(brandId)
    .all<{ section: string; settings_json: string }>()
  return results.map((row) => ({ section: row.section, settingsJson: row.settings_json }))
}

/** Whether any brand of any business but `exceptBrandId` has this slug (slugs are global). */
export async function slugTaken(
  db: D1Database,
  slug: string,
  exceptBrandId: number | null
): Promise<boolean> {
  const row = await db
    .prepare('select 1 as taken from brands where slug = ?1 and id is not ?2')
    .bind(slug, exceptBrandId)
    .first<{ taken: number }>()
  return row !== null
}

export interface BrandWrite {
  name: string
  slug: string
  tagline: string | null
  metaDescription: string | null
  colors: BrandColours
  font: BrandFont
}

/** A new brand, not live, with no logo yet (it cannot go live without one). */
export function insertBrandStatement(
  db: D1Database,
  businessId: number,
  id: number,
  brand: BrandWrite,
  at: string
): D1PreparedStatement {
  return db
    .prepare(
      `insert into brands (id, business_id, slug, name, tagline, meta_description, logo_url,
         primary_color, primary_text_color, secondary_color, accent_color, background_color,
         text_color, font, is_active, created_at, updated_at)
       values (?1, ?2, ?3, ?4, ?5, ?6, '', ?7, ?8, ?9, ?10, ?11, ?12, ?13, 0, ?14, ?14)`
    )
    .bind(
      id,
      businessId,
      brand.slug,
      brand.name,
      brand.tagline,
      brand.metaDescription,
      brand.colors.primary,
      brand.colors.primaryText,
      brand.colors.secondary,
      brand.colors.accent,
      brand.colors.background,
      brand.colors.text,
      brand.font,
      at
    )
}

export function updateBrandStatement(
  db: D1Database,
  businessId: number,
  brandId: number,
  brand: BrandWrite,
  at: string
): D1PreparedStatement {
  return db
    .prepare(
      `update brands set slug = ?3, name = ?4, tagline = ?5, meta_description = ?6,
         primary_color = ?7, primary_text_color = ?8, secondary_color = ?9, accent_color = ?10,
         background_color = ?11, text_color = ?12, font = ?13, updated_at = ?14
       where id = ?1 and business_id = ?2`
    )
    .bind(
      brandId,
      businessId,
      brand.slug,
      brand.name,
      brand.tagline,
      brand.metaDescription,
      brand.colors.primary,
      brand.colors.primaryText,
      brand.colors.secondary,
      brand.colors.accent,
      brand.colors.background,
      brand.colors.text,
      brand.font,
      at
    )
}

export function setBrandLiveStatement(
  db: D1Database,
  businessId: number,
  brandId: number,
  live: boolean,
  at: string
): D1PreparedStatement {
  return db
    .prepare('update brands set is_active = ?3, updated_at = ?4 where id = ?1 and business_id = ?2')
    .bind(brandId, businessId, live ? 1 : 0, at)
}

/** The logo (with its display size) or the icon of a brand. */
export function setBrandImageStatement(
  db: D1Database,
  businessId: number,
  brandId: number,
  image:
    { kind: 'logo'; url: string; width: number; height: number } | { kind: 'icon'; url: string },
  at: string
): D1PreparedStatement {
  if (image.kind === 'icon') {
    return db
      .prepare(
        'update brands set favicon_url = ?3, updated_at = ?4 where id = ?1 and business_id = ?2'
      )
      .bind(brandId, businessId, image.url, at)
  }
  return db
    .prepare(
      `update brands set logo_url = ?3, logo_width = ?4, logo_height = ?5, updated_at = ?6
       where id = ?1 and business_id = ?2`
    )
    .bind(brandId, businessId, image.url, image.width, image.height, at)
}

/** Replaces one white-label section of a brand. */
export function upsertSettingsStatement(
  db: D1Database,
  brandId: number,
  section: string,
  settings: unknown,
  at: string
): D1PreparedStatement {
  return db
    .prepare(
      `insert into brand_settings (brand_id, section, settings_json, updated_at) values (?1, ?2, ?3, ?4)
       on conflict (brand_id, section) do update set settings_json = excluded.settings_json,
         updated_at = excluded.updated_at`
    )
    .bind(brandId, section, JSON.stringify(settings), at)
}

/** Whether a host is anyone's: served by a brand or being provisioned, of any business. */
export async function hostTaken(db: D1Database, host: string): Promise<boolean> {
  const row = await db
    .prepare(
      `select 1 as taken where exists (select 1 from brand_hosts where host = ?1)
          or exists (select 1 from brand_domains where host = ?1)`
    )
    .bind(host)
    .first<{ taken: number }>()
  return row !== null
}

/** A domain being provisioned, as stored. */
export interface DomainRecord {
  id: number
  businessId: number
  brandId: number
  host: string
  environment: HostEnvironment
  providerId: string
  status: HostnameStatus['status']
}

interface DomainRecordRow {
  id: number
  business_id: number
  brand_id: number
  host: string
  environment: HostEnvironment
  provider_id: string
  status: HostnameStatus['status']
}

const domainRecordOf = (row: DomainRecordRow): DomainRecord => ({
  id: row.id,
  businessId: row.business_id,
  brandId: row.brand_id,
  host: row.host,
  environment: row.environment,
  providerId: row.provider_id,
  status: row.status,
})

/** The business's brand's provisioned domain for a host, or null. */
export async function findDomain(
  db: D1Database,
  businessId: number,
  brandId: number,
  host: string
): Promise<DomainRecord | null> {
  const row = await db
    .prepare(
      `select id, business_id, brand_id, host, environment, provider_id, status from brand_domains
        where host = ?1 and brand_id = ?2 and business_id = ?3`
    )
    .bind(host, brandId, businessId)
    .first<DomainRecordRow>()
  return row ? domainRecordOf(row) : null
}

/** Whether the business's brand serves a host set up before provisioning (brand_hosts only). */
export async function findServedHost(
  db: D1Database,
  businessId: number,
  brandId: number,
  host: string
): Promise<{ host: string; environment: HostEnvironment } | null> {
  return db
    .prepare(
      `select h.host, h.environment from brand_hosts h join brands b on b.id = h.brand_id
        where h.host = ?1 and h.brand_id = ?2 and b.business_id = ?3`
    )
    .bind(host, brandId, businessId)
    .first<{ host: string; environment: HostEnvironment }>()
}

/** Pending domains of every business, oldest check first (the cron's work). */
export async function pendingDomains(db: D1Database, limit: number): Promise<Array<DomainRecord>> {
  const { results } = await db
    .prepare(
      `select id, business_id, brand_id, host, environment, provider_id, status from brand_domains
        where status = 'pending' order by checked_at, id limit ?1`
    )
    .bind(limit)
    .all<DomainRecordRow>()
  return results.map(domainRecordOf)
}

export function insertDomainStatement(
  db: D1Database,
  domain: { businessId: number; brandId: number; host: string; environment: HostEnvironment },
  status: HostnameStatus,
  at: string
): D1PreparedStatement {
  return db
    .prepare(
      `insert into brand_domains (business_id, brand_id, host, environment, provider_id, status,
         ssl_status, records_json, message, checked_at, created_at)
       values (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?10)`
    )
    .bind(
      domain.businessId,
      domain.brandId,
      domain.host,
      domain.environment,
      status.providerId,
      status.status,
      status.sslStatus,
      JSON.stringify(status.records),
      status.message,
      at
    )
}

export function updateDomainStatement(
  db: D1Database,
  domainId: number,
  status: HostnameStatus,
  at: string
): D1PreparedStatement {
  return db
    .prepare(
      `update brand_domains set status = ?2, ssl_status = ?3, records_json = ?4, message = ?5,
         checked_at = ?6 where id = ?1`
    )
    .bind(
      domainId,
      status.status,
      status.sslStatus,
      JSON.stringify(status.records),
      status.message,
      at
    )
}

/** The host serves its brand from now on (written only once the provider says it is active). */
export function serveHostStatement(
  db: D1Database,
  brandId: number,
  host: string,
  environment: HostEnvironment
): D1PreparedStatement {
  return db
    .prepare('insert or ignore into brand_hosts (host, brand_id, environment) values (?1, ?2, ?3)')
    .bind(host, brandId, environment)
}

/** Detaching: the host stops serving and its provisioning record goes (brand-scoped). */
export function detachHostStatements(
  db: D1Database,
  brandId: number,
  host: string
): Array<D1PreparedStatement> {
  return [
    db.prepare('delete from brand_hosts where host = ?1 and brand_id = ?2').bind(host, brandId),
    db.prepare('delete from brand_domains where host = ?1 and brand_id = ?2').bind(host, brandId),
  ]
}

interface RuleRow {
  country_code: string
  pattern: string
  normalisation: 'uk' | 'upper_trim'
  example: string | null
}

export async function postcodeRules(
  db: D1Database,
  businessId: number
): Promise<Array<PostcodeRuleView>> {
  const { results } = await db
    .prepare(
      `select country_code, pattern, normalisation, example from postcode_rules
        where business_id = ?1 order by country_code`
    )
    .bind(businessId)
    .all<RuleRow>()
  return results.map((row) => ({
    countryCode: row.country_code,
    pattern: row.pattern,
    normalisation: row.normalisation,
    example: row.example,
  }))
}

export function upsertPostcodeRuleStatement(
  db: D1Database,
  businessId: number,
  rule: PostcodeRuleView
): D1PreparedStatement {
  return db
    .prepare(
      `insert into postcode_rules (business_id, country_code, pattern, normalisation, example)
       values (?1, ?2, ?3, ?4, ?5)
       on conflict (business_id, country_code) do update set pattern = excluded.pattern,
         normalisation = excluded.normalisation, example = excluded.example`
    )
    .bind(businessId, rule.countryCode, rule.pattern, rule.normalisation, rule.example)
}
