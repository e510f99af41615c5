import type { Brand, BrandLink } from '../../../schemas/brand.ts'
import type { BusinessProfile } from '../../../schemas/business.ts'
import { mergeWhiteLabelSettings } from '../content/white-label.ts'
import { postcodeRuleOf, type PostcodeRuleRow } from '../location/postcode-rules-repo.ts'

interface BrandRow {
  id: number
  business_id: number
  slug: string
  name: string
  tagline: string | null
  meta_description: string | null
  logo_url: string
  logo_width: number
  logo_height: number
  favicon_url: string | null
  hero_image_url: string | null
  primary_color: string
  primary_text_color: string
  secondary_color: string
  accent_color: string
  background_color: string
  text_color: string
  font: Brand['font']
  canonical_host: string | null
  environment: Brand['hostEnvironment']
  country_code: string
  currency: string
  locale: string
  time_zone: string
  tax_mode: Brand['taxMode']
}

interface SettingsRow {
  section: string
  settings_json: string
}

interface LinkRow {
  kind: BrandLink['kind']
  channel: BrandLink['channel']
  url: string
}

interface BusinessRow {
  id: number
  name: string
  legal_name: string
  country_code: string
  currency: string
  locale: string
  time_zone: string
  support_email: string | null
  support_phone: string | null
}

interface BrandSummaryRow {
  id: number
  slug: string
  name: string
  logo_url: string
  canonical_host: string | null
}

/** The active brand served on a host (already normalised), with its settings and links; one round trip. */
export async function findBrandByHost(db: D1Database, host: string): Promise<Brand | null> {
  const [brands, settings, links, rules] = await db.batch([
    db
      .prepare(
        `select b.id, b.business_id, b.slug, b.name, b.tagline, b.meta_description, b.logo_url,
           b.logo_width, b.logo_height, b.favicon_url, b.hero_image_url, b.primary_color,
           b.primary_text_color, b.secondary_color, b.accent_color, b.background_color, b.text_color,
           b.font, b.canonical_host, h.environment, bu.country_code, bu.currency, bu.locale,
           bu.time_zone, bu.tax_mode
         from brand_hosts h
         join brands b on b.id = h.brand_id
         join businesses bu on bu.id = b.business_id
         where h.host = ?1 and b.is_active = 1`
      )
      .bind(host),
    db
      .prepare(
        `select s.section, s.settings_json from brand_settings s
         join brand_hosts h on h.brand_id = s.brand_id where h.host = ?1`
      )
      .bind(host),
    db
      .prepare(
        `select l.kind, l.channel, l.url from brand_links l
         join brand_hosts h on h.brand_id = l.brand_id where h.host = ?1
         order by l.position, l.id`
      )
      .bind(host),
    db
      .prepare(
        `select r.country_code, r.pattern, r.normalisation, r.example from postcode_rules r
         join brands b on b.business_id = r.business_id
         join brand_hosts h on h.brand_id = b.id where h.host = ?1
         order by r.country_code`
      )
      .bind(host),
  ])
  const row = (brands?.results as Array<BrandRow> | undefined)?.[0]
  if (!row) return null
  const sections = ((settings?.results ?? []) as Array<SettingsRow>).map((s) => ({
    section: s.section,
    settingsJson: s.settings_json,
  }))
  return {
    id: row.id,
    businessId: row.business_id,
    slug: row.slug,
    name: row.name,
    tagline: row.tagline,
    metaDescription: row.meta_description,
    logo: { url: row.logo_url, width: row.logo_width, height: row.logo_height },
    faviconUrl: row.favicon_url,
    heroImageUrl: row.hero_image_url,
    colors: {
      primary: row.primary_color,
      primaryText: row.primary_text_color,
      secondary: row.secondary_color,
      accent: row.accent_color,
      background: row.background_color,
      text: row.text_color,
    },
    font: row.font,
    canonicalHost: row.canonical_host,
    hostEnvironment: row.environment,
    countryCode: row.country_code,
    currency: row.currency,
    locale: row.locale,
    timeZone: row.time_zone,
    taxMode: row.tax_mode,
    postcodeRules: ((rules?.results ?? []) as Array<PostcodeRuleRow>).map(postcodeRuleOf),
    settings: mergeWhiteLabelSettings(sections, row.id),
    links: ((links?.results ?? []) as Array<LinkRow>).map(({ kind, channel, url }) => ({
      kind,
      channel,
      url,
    })),
  }
}

/** A business and its active brands; null when there is no such business. */
export async function findBusinessProfile(
  db: D1Database,
  businessId: number
): Promise<BusinessProfile | null> {
  const [businesses, brands] = await db.batch([
    db
      .prepare(
        `select id, name, legal_name, country_code, currency, locale, time_zone, support_email,
           support_phone
         from businesses where id = ?1`
      )
      .bind(businessId),
    db
      .prepare(
        `select id, slug, name, logo_url, canonical_host from brands
         where business_id = ?1 and is_active = 1 order by id`
      )
      .bind(businessId),
  ])
  const row = (businesses?.results as Array<BusinessRow> | undefined)?.[0]
  if (!row) return null
  return {
    id: row.id,
    name: row.name,
    legalName: row.legal_name,
    countryCode: row.country_code,
    currency: row.currency,
    locale: row.locale,
    timeZone: row.time_zone,
    support: { email: row.support_email, phone: row.support_phone },
    brands: ((brands?.results ?? []) as Array<BrandSummaryRow>).map((brand) => ({
      id: brand.id,
      slug: brand.slug,
      name: brand.name,
      logoUrl: brand.logo_url,
      canonicalHost: brand.canonical_host,
    })),
  }
}

/** Throws when D1 cannot answer a trivial query. */
export async function pingDatabase(db: D1Database): Promise<void> {
  await db.prepare('select 1 as ok').first<{ ok: number }>()
}

/** Effects of the outbox not yet delivered (ADR 037): pending, and dead ones awaiting an operator. */
export interface EffectsDepth {
  pending: number
  dead: number
}

/** The outbox's depth, read on the `effects_waiting` index (status first). */
export async function effectsDepth(db: D1Database): Promise<EffectsDepth> {
  const row = await db
    .prepare(
      `select (select count(*) from effects where status = 'pending') as pending,
              (select count(*) from effects where status = 'dead') as dead`
    )
    .first<EffectsDepth>()
  return { pending: row?.pending ?? 0, dead: row?.dead ?? 0 }
}
