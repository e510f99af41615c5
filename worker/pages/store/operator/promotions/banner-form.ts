import type { FormErrors, FormValues } from '../../../../../client/lib/form-values.ts'
import { fieldNames } from '../../../../../schemas/forms/field-names.ts'
import type { OperatorBanner } from '../../../../../schemas/operator-promotions.ts'
import {
  chosenId,
  formText,
  optionalText,
  readPost,
  type FormText,
  slugFrom,
} from '../form-values.ts'
import { ScheduleFormSchema } from './schedule-form.ts'

/** A promotion's own fulfilment method, or none for both. */
export const methodChoice = formText.transform((method) =>
  method === 'delivery' || method === 'collection' ? method : null
)

/**
 * The banner form (ADR 057, the schemas/forms pattern): PromotionForms.tsx takes its field names
 * from this schema and banners.tsx reads a post with it. The linked item is typed by its web
 * address name (`linkMenuItem`) and looked up by the handler; the picture is the multipart's file.
 */
export const BannerFormSchema = ScheduleFormSchema.extend({
  title: formText,
  subtitle: optionalText,
  /** Blank makes one from the title. */
  slug: formText,
  linkType: formText.transform((type) => type || 'none'),
  linkCategoryId: chosenId,
  linkDealId: chosenId,
  linkMenuItem: formText.transform((slug) => slug.toLowerCase()),
  linkUrl: optionalText,
  brandId: chosenId,
  storeId: chosenId,
  categoryId: chosenId,
  fulfilmentMethod: methodChoice,
})

export const BANNER_FIELDS = fieldNames(BannerFormSchema)

/**
 * The banner form as the backend's banners/save body (without bannerId and the picture), or its
 * errors. `linkItemId` is the id of the item named in "Item it links to", when it exists.
 */
export function bannerBodyOf(
  form: FormText,
  linkItemId: number | null
): { ok: true; body: Record<string, unknown> } | { ok: false; errors: FormErrors } {
  const read = readPost(BannerFormSchema, form)
  if (!read.ok) return read
  const { linkMenuItem: _typedSlug, ...banner } = read.value
  const body = {
    ...banner,
    slug: banner.slug || slugFrom(banner.title),
    linkMenuItemId: linkItemId,
  }
  return { ok: true, body }
}

const idText = (id: number | null) => (id === null ? '' : String(id))

/** A saved banner as its form shows it (the linked item by its web address name). */
export function bannerValuesOf(banner: OperatorBanner, linkItemSlug: string | null): FormValues {
  return {
    title: banner.title,
    subtitle: banner.subtitle ?? '',
    slug: banner.slug,
    linkType: banner.linkType,
    linkCategoryId: idText(banner.linkCategoryId),
    linkDealId: idText(banner.linkDealId),
    linkMenuItem: linkItemSlug ?? '',
    linkUrl: banner.linkUrl ?? '',
    brandId: idText(banner.brandId),
    storeId: idText(banner.storeId),
    categoryId: idText(banner.categoryId),
    fulfilmentMethod: banner.fulfilmentMethod ?? '',
    startsAt: banner.startsAt ?? '',
    endsAt: banner.endsAt ?? '',
    position: String(banner.position),
    isActive: banner.isActive ? 'on' : '',
  }
}

export const NEW_BANNER_VALUES: FormValues = { linkType: 'none', isActive: 'on', position: '0' }
