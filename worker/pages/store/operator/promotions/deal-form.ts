import type { FormValues } from '../../../../../client/lib/form-values.ts'
import { formatMessage, MESSAGES } from '../../../../../schemas/messages.ts'
import { DEAL_SECTIONS_MAX, type OperatorDeal } from '../../../../../schemas/operator-promotions.ts'
import { FormReader, type FormText, poundsText, slugFrom } from '../form-values.ts'

/** One typed line of a section's items: a web address name, and maybe '+0.50'. */
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
      const match = /^(\S+)(?:\s+\+\s*£?(\S+))?$/.exec(line)
      return { slug: (match?.[1] ?? line).toLowerCase(), extraCost: match?.[2] ?? null }
    })
}

/** Every web address name typed in the form's sections (to look them up at once). */
export function typedItemSlugs(form: FormText): Array<string> {
  return Array.from({ length: DEAL_SECTIONS_MAX }, (_, index) =>
    itemLines(form[`s${index}items`] ?? '').map((line) => line.slug)
  ).flat()
}

/**
 * The deal form as the backend's deals/save body (without dealId, imageUrl), or its errors.
 * `itemIds` maps the typed names that exist to their ids. Empty sections are left out; a
 * multibuy's section takes its quantity as the fewest and most a shopper chooses.
 */
export function dealBodyOf(
  form: FormText,
  itemIds: ReadonlyMap<string, number>
): { ok: true; body: Record<string, unknown> } | { ok: false; errors: FormReader['errors'] } {
  const read = new FormReader(form)
  const kind = read.text('kind')
  const quantityRequired = read.whole('quantityRequired')
  const name = read.text('name')
  const body: Record<string, unknown> = {
    name,
    slug: read.text('slug') || slugFrom(name),
    kind,
    quantityRequired,
    price: read.pence('price', MESSAGES.promoPriceRequired),
    discountPercent: read.whole('discountPercent'),
    discountAmount: read.pence('discountAmount', MESSAGES.promoAmountRequired),
    description: read.optionalText('description'),
    badgeText: read.optionalText('badgeText'),
    startsAt: read.optionalText('startsAt'),
    endsAt: read.optionalText('endsAt'),
    position: read.whole('position') ?? 0,
    isActive: read.ticked('isActive'),
  }
  const sections: Array<Record<string, unknown>> = []
  for (let index = 0; index < DEAL_SECTIONS_MAX; index++) {
    const lines = itemLines(read.text(`s${index}items`))
    const categoryId = read.id(`s${index}category`)
    if (lines.length === 0 && categoryId === null) continue
    const unknown = lines.filter((line) => !itemIds.has(line.slug)).map((line) => line.slug)
    if (unknown.length > 0) {
      read.errors[`s${index}items`] = formatMessage('promoItemUnknown', unknown.join(', '))
    }
    const items = lines.flatMap((line) => {
      const menuItemId = itemIds.get(line.slug)
      if (menuItemId === undefined) return []
      const extra =
        line.extraCost === null ? 0 : new FormReader({ x: line.extraCost }).pence('x', '')
      if (extra === null) {
        read.errors[`s${index}items`] ??= MESSAGES.promoAmountRequired
        return []
      }
      return [{ menuItemId, extraCost: extra }]
    })
    const fixed = kind === 'multibuy' ? (quantityRequired ?? 1) : 1
    sections.push({
      name: read.text(`s${index}name`) || (index === 0 ? 'Items' : `Section ${index + 1}`),
      minimumSelected: read.whole(`s${index}min`) ?? fixed,
      maximumSelected: read.whole(`s${index}max`) ?? fixed,
      categoryId,
      items,
    })
  }
  body.sections = sections
  return read.ok ? { ok: true, body } : { ok: false, errors: read.errors }
}

/** A saved deal as its form shows it. */
export function dealValuesOf(deal: OperatorDeal): FormValues {
  const values: FormValues = {
    name: deal.name,
    slug: deal.slug,
    kind: deal.kind,
    quantityRequired: deal.quantityRequired === null ? '' : String(deal.quantityRequired),
    price: poundsText(deal.price),
    discountPercent: deal.discountPercent === null ? '' : String(deal.discountPercent),
    discountAmount: poundsText(deal.discountAmount),
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
        item.extraCost > 0 ? `${item.slug} +${poundsText(item.extraCost)}` : item.slug
      )
      .join('\n')
  })
  return values
}

/** A new deal's form: a multibuy, active. */
export const NEW_DEAL_VALUES: FormValues = { kind: 'multibuy', isActive: 'on', position: '0' }
