import type { Context } from 'hono'
import type { FormErrors } from '../../../../../client/lib/form-values.ts'
import { MEDIA_IMAGE_MAX_BYTES } from '../../../../../schemas/media.ts'
import { MESSAGES } from '../../../../../schemas/messages.ts'
import {
  PromotionImageSchema,
  PromotionItemsSchema,
} from '../../../../../schemas/operator-promotions.ts'
import type { AppEnv } from '../../../../env.ts'
import { OPERATOR_PATHS } from '../../../../lib/operator-paths.ts'
import { readFormBody } from '../../../../lib/request-body.ts'
import { formRefusal } from '../../../shared/forms.ts'
import { operatorRead } from '../backend.ts'
import type { FormText } from '../form-values.ts'

const ROOT = OPERATOR_PATHS.promotions

/** The promotions area's pages: the list, and each kind's form (new, or one by id). */
export const PROMOTION_PATHS = {
  list: ROOT,
  deal: (id: number | 'new') => `${ROOT}/deals/${id}`,
  banner: (id: number | 'new') => `${ROOT}/banners/${id}`,
  coupon: (id: number | 'new') => `${ROOT}/coupons/${id}`,
} as const

/** A posted promotion form: its text fields and its picture, if one was chosen. */
export async function readPromotionForm(
  c: Context<AppEnv>
): Promise<{ text: FormText; image: File | null }> {
  const form = await readFormBody(c.req.raw, MEDIA_IMAGE_MAX_BYTES + 64 * 1024)
  const text: FormText = {}
  let image: File | null = null
  for (const [key, value] of form) {
    if (typeof value === 'string') text[key] = value
    // An empty file input posts a nameless empty part: nothing was chosen.
    else if (key === 'image' && (value.size > 0 || value.name !== '')) image = value
  }
  return { text, image }
}

/** Uploads the chosen picture (checked by the backend); its URL and size, or the field's error. */
export async function uploadPicture(
  c: Context<AppEnv>,
  purpose: 'deal' | 'banner',
  image: File
): Promise<{ url: string; width: number; height: number } | { errors: FormErrors }> {
  const form = new FormData()
  form.set('purpose', purpose)
  form.append('image[]', image)
  try {
    return await operatorRead(c, '/staff/operator/promotions/images', form, PromotionImageSchema)
  } catch (error) {
    return {
      errors: { image: formRefusal(c, error, 'image').errors.image ?? MESSAGES.mediaImageType },
    }
  }
}

/** The business's items with these web address names, by name. */
export async function itemIdsBySlug(
  c: Context<AppEnv>,
  slugs: ReadonlyArray<string>
): Promise<Map<string, number>> {
  if (slugs.length === 0) return new Map()
  const found = await operatorRead(
    c,
    '/staff/operator/promotions/items',
    { slugs: [...new Set(slugs)] },
    PromotionItemsSchema
  )
  return new Map(found.items.map((item) => [item.slug, item.menuItemId]))
}
