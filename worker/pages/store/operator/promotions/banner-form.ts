import type { FormValues } from '../../../../../client/lib/form-values.ts'
import type { OperatorBanner } from '../../../../../schemas/operator-promotions.ts'
import { FormReader, type FormText, slugFrom } from '../form-values.ts'

/**
 * The banner form as the backend's banners/save body (without bannerId and the picture), or its
 * errors. `linkItemId` is the id of the item named in "Item it links to", when it exists.
 */
export function bannerBodyOf(
  form: FormText,
  linkItemId: number | null
): { ok: true; body: Record<string, unknown> } | { ok: false; errors: FormReader['errors'] } {
  const read = new FormReader(form)
  const title = read.text('title')
  const method = read.text('fulfilmentMethod')
  const body = {
    title,
    subtitle: read.optionalText('subtitle'),
    slug: read.text('slug') || slugFrom(title),
    linkType: read.text('linkType') || 'none',
    linkCategoryId: read.id('linkCategoryId'),
    linkDealId: read.id('linkDealId'),
    linkMenuItemId: linkItemId,
    linkUrl: read.optionalText('linkUrl'),
    brandId: read.id('brandId'),
    storeId: read.id('storeId'),
    categoryId: read.id('categoryId'),
    fulfilmentMethod: method === 'delivery' || method === 'collection' ? method : null,
    startsAt: read.optionalText('startsAt'),
    endsAt: read.optionalText('endsAt'),
    position: read.whole('position') ?? 0,
    isActive: read.ticked('isActive'),
  }
  return read.ok ? { ok: true, body } : { ok: false, errors: read.errors }
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
