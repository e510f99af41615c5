import { z } from 'zod'
import type { FormErrors, FormValues } from '../../../../../client/lib/form-values.ts'
import { fieldNames } from '../../../../../schemas/forms/field-names.ts'
import { GB_LOCALE, type ShopLocale } from '../../../../../schemas/locale.ts'
import { formatMessage, MESSAGES } from '../../../../../schemas/messages.ts'
import { DEAL_SECTIONS_MAX, type OperatorDeal } from '../../../../../schemas/operator-promotions.ts'
import {
  chosenId,
  formText,
  optionalText,
  penceOf,
  poundsText,
  readPost,
  type FormText,
  slugFrom,
  wholeNumber,
} from '../form-values.ts'
import { ScheduleFormSchema } from './schedule-form.ts'

/**
 * The deal form (ADR 057, the schemas/forms pattern): PromotionForms.tsx takes its field names
 * from these schemas and deals.tsx reads a post with them. The deal's own fields are one schema;
 * each of its sections posts the section schema's fields under `s<index>` (sectionField).
 */
export function dealFormSchema(shop: ShopLocale) {
  return ScheduleFormSchema.extend({
    name: formText,
    /** Blank makes one from the name. */
    slug: formText,
    kind: formText,
    quantityRequired: wholeNumber,
    /** In the shop's currency, as its people type it (ADR 072). */
    price: penceOf(MESSAGES.promoPriceRequired, shop),
    discountPercent: wholeNumber,
    discountAmount: penceOf(MESSAGES.promoAmountRequired, shop),
    description: optionalText,
    badgeText: optionalText,
  })
}

export const DEAL_FIELDS = fieldNames(dealFormSchema(GB_LOCALE))

/** One section of a deal: its name, how many a shopper chooses, a category, typed items. */
export const DealSectionFormSchema = z.object({
  name: formText,
  min: wholeNumber,
  max: wholeNumber,
  category: chosenId,
  items: formText,
})

type SectionField = keyof typeof DealSectionFormSchema.shape

/** A section's field as the form names it: `s0items`. */
export const sectionField = (index: number, field: SectionField) => `s${index}${field}`

/** Section `index` of a post, read by the section schema; its errors under the form's names. */
function sectionOf(form: FormText, index: number) {
  const fields = Object.keys(DealSectionFormSchema.shape) as Array<SectionField>
  const posted = Object.fromEntries(
    fields.flatMap((field) => {
      const value = form[sectionField(index, field)]
      return value === undefined ? [] : [[field, value]]
    })
  )
  const read = readPost(DealSectionFormSchema, posted)
  if (read.ok) return read
  const errors: FormErrors = {}
  for (const [field, message] of Object.entries(read.errors)) {
    errors[sectionField(index, field as SectionField)] = message
  }
  return { ok: false as const, errors }
}

/** An item line's extra cost as minor units (none is 0), or null when it is not an amount. */
const extraCostOf = (typed: string | null, shop: ShopLocale): number | null => {
  if (typed === null) return 0
  const read = penceOf('', shop).safeParse(typed)
  return read.success ? read.data : null
}

/** One typed line of a section's items: a web address name, and maybe '+0.50' ('+ € 0,50'). */
export interface ItemLine {
  slug: string
  extraCost: string | null
}

/** A section's typed item lines. */
export function itemLines(text: string): Array<ItemLine> {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const match = /^(\S+)(?:\s+\+\s*(\S.*))?$/.exec(line)
      return { slug: (match?.[1] ?? line).toLowerCase(), extraCost: match?.[2] ?? null }
    })
}

/** Every web address name typed in the form's sections (to look them up at once). */
export function typedItemSlugs(form: FormText): Array<string> {
  return Array.from({ length: DEAL_SECTIONS_MAX }, (_, index) =>
    itemLines(form[sectionField(index, 'items')] ?? '').map((line) => line.slug)
  ).flat()
}

/**
 * The deal form as the backend's deals/save body (without dealId, imageUrl), or its errors.
 * `itemIds` maps the typed names that exist to their ids. Empty sections are left out; a
 * multibuy's section takes its quantity as the fewest and most a shopper chooses.
 */
export function dealBodyOf(
  form: FormText,
  itemIds: ReadonlyMap<string, number>,
  shop: ShopLocale = GB_LOCALE
): { ok: true; body: Record<string, unknown> } | { ok: false; errors: FormErrors } {
  const read = readPost(dealFormSchema(shop), form)
  const errors: FormErrors = read.ok ? {} : { ...read.errors }
  const deal = read.ok ? read.value : null
  const kind = formText.parse(form[DEAL_FIELDS.kind])
  const quantityRequired = deal?.quantityRequired ?? null
  const sections: Array<Record<string, unknown>> = []
  for (let index = 0; index < DEAL_SECTIONS_MAX; index++) {
    // A section with neither items nor a category is left out, whatever else it holds.
    const lines = itemLines(formText.parse(form[sectionField(index, 'items')]))
    const categoryId = chosenId.parse(form[sectionField(index, 'category')])
    if (lines.length === 0 && categoryId === null) continue
    const section = sectionOf(form, index)
    if (!section.ok) {
      Object.assign(errors, section.errors)
      continue
    }
    const { name, min, max } = section.value
    const itemsField = sectionField(index, 'items')
    const unknown = lines.filter((line) => !itemIds.has(line.slug)).map((line) => line.slug)
    if (unknown.length > 0) {
      errors[itemsField] = formatMessage('promoItemUnknown', unknown.join(', '))
    }
    const items = lines.flatMap((line) => {
      const menuItemId = itemIds.get(line.slug)
      if (menuItemId === undefined) return []
      const extra = extraCostOf(line.extraCost, shop)
      if (extra === null) {
        errors[itemsField] ??= MESSAGES.promoAmountRequired
        return []
      }
      return [{ menuItemId, extraCost: extra }]
    })
    const fixed = kind === 'multibuy' ? (quantityRequired ?? 1) : 1
    sections.push({
      name: name || (index === 0 ? 'Items' : `Section ${index + 1}`),
      minimumSelected: min ?? fixed,
      maximumSelected: max ?? fixed,
      categoryId,
      items,
    })
  }
  if (deal === null || Object.keys(errors).length > 0) return { ok: false, errors }
  return {
    ok: true,
    body: { ...deal, slug: deal.slug || slugFrom(deal.name), sections },
  }
}

/** A saved deal as its form shows it. */
export function dealValuesOf(deal: OperatorDeal, shop: ShopLocale = GB_LOCALE): FormValues {
  const values: FormValues = {
    name: deal.name,
    slug: deal.slug,
    kind: deal.kind,
    quantityRequired: deal.quantityRequired === null ? '' : String(deal.quantityRequired),
    price: poundsText(deal.price, shop),
    discountPercent: deal.discountPercent === null ? '' : String(deal.discountPercent),
    discountAmount: poundsText(deal.discountAmount, shop),
    description: deal.description ?? '',
    badgeText: deal.badgeText ?? '',
    startsAt: deal.startsAt ?? '',
    endsAt: deal.endsAt ?? '',
    position: String(deal.position),
    isActive: deal.isActive ? 'on' : '',
  }
  deal.sections.slice(0, DEAL_SECTIONS_MAX).forEach((section, index) => {
    values[`s${index}name`] = section.name
    values[`s${index}min`] = String(section.minimumSelected)
    values[`s${index}max`] = String(section.maximumSelected)
    values[`s${index}items`] = section.items
      .map((item) =>
        item.extraCost > 0 ? `${item.slug} +${poundsText(item.extraCost, shop)}` : item.slug
      )
      .join('\n')
  })
  return values
}

/** A new deal's form: a multibuy, active. */
export const NEW_DEAL_VALUES: FormValues = { kind: 'multibuy', isActive: 'on', position: '0' }
