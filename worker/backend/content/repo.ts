import type { StoredContentBlock } from '../../../schemas/content-blocks.ts'
import type { Faq } from '../../../schemas/content.ts'
import type { SettingsSection } from './white-label.ts'

interface ChosenBrandSettingsRow {
  brand_id: number
  section: string | null
  settings_json: string | null
}

interface FaqRow {
  id: number
  section: string
  question: string
  answer: string
}

/**
 * The stored settings sections of a business's brand: the given one, or without brandId its
 * first active brand. Null when the business has no such brand.
 */
export async function findBrandSettings(
  db: D1Database,
  businessId: number,
  brandId: number | undefined
): Promise<{ brandId: number; sections: Array<SettingsSection> } | null> {
  const { results } = await db
    .prepare(
      `with chosen as (
         select id from brands
         where business_id = ?1 and is_active = 1 and (?2 is null or id = ?2)
         order by id limit 1
       )
       select chosen.id as brand_id, s.section, s.settings_json
       from chosen left join brand_settings s on s.brand_id = chosen.id`
    )
    .bind(businessId, brandId ?? null)
    .all<ChosenBrandSettingsRow>()
  const first = results[0]
  if (!first) return null
  const sections: Array<SettingsSection> = []
  for (const row of results) {
    if (row.section !== null && row.settings_json !== null) {
      sections.push({ section: row.section, settingsJson: row.settings_json })
    }
  }
  return { brandId: first.brand_id, sections }
}

/**
 * Active FAQs of a business: those for every brand plus, with brandId, that brand's own.
 * Null when the business does not exist.
 */
export async function listFaqs(
  db: D1Database,
  businessId: number,
  brandId: number | undefined
): Promise<Array<Faq> | null> {
  const [business, faqs] = await db.batch([
    db.prepare('select id from businesses where id = ?1').bind(businessId),
    db
      .prepare(
        `select id, section, question, answer from faqs
         where business_id = ?1 and is_active = 1 and (brand_id is null or brand_id = ?2)
         order by position, id`
      )
      .bind(businessId, brandId ?? null),
  ])
  if (!business?.results.length) return null
  return ((faqs?.results ?? []) as Array<FaqRow>).map(({ id, section, question, answer }) => ({
    id,
    section,
    question,
    answer,
  }))
}

/**
 * Signs an email up for the brand's newsletter. Repeating it changes nothing (one row per business
 * and email). Returns false when the brand is not one of the business's.
 */
export async function signUpForNewsletter(
  db: D1Database,
  signup: { businessId: number; brandId: number; email: string }
): Promise<boolean> {
  const [brand] = await db.batch([
    db
      .prepare('select id from brands where id = ?1 and business_id = ?2')
      .bind(signup.brandId, signup.businessId),
    db
      .prepare(
        `insert into newsletter_signups (business_id, brand_id, email)
         select ?2, id, ?3 from brands where id = ?1 and business_id = ?2
         on conflict (business_id, email) do nothing`
      )
      .bind(signup.brandId, signup.businessId, signup.email),
  ])
  return Boolean(brand?.results.length)
}

interface ContentBlockRow {
  brand_id: number | null
  placement: string
  key: string
  content_json: string
}

/**
 * The active content blocks of a brand: the business's (brand_id null) and the brand's own, in
 * position order, optionally of one placement. Null when the brand is not an active brand of the
 * business.
 */
export async function listContentBlocks(
  db: D1Database,
  businessId: number,
  brandId: number,
  placement: string | undefined
): Promise<Array<StoredContentBlock> | null> {
  const [brand, blocks] = await db.batch([
    db
      .prepare('select id from brands where id = ?1 and business_id = ?2 and is_active = 1')
      .bind(brandId, businessId),
    db
      .prepare(
        `select brand_id, placement, key, content_json from content_blocks
         where business_id = ?1 and is_active = 1 and (brand_id is null or brand_id = ?2)
           and (?3 is null or placement = ?3)
         order by position, id`
      )
      .bind(businessId, brandId, placement ?? null),
  ])
  if (!brand?.results.length) return null
  return ((blocks?.results ?? []) as Array<ContentBlockRow>).map((row) => ({
    brandId: row.brand_id,
    placement: row.placement,
    key: row.key,
    contentJson: row.content_json,
  }))
}
