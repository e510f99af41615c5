import type { Context } from 'hono'
import type { FormErrors, FormValues } from '../../../../../client/lib/form-values.ts'
import { BannerFormPage } from './PromotionForms.tsx'
import { MESSAGES } from '../../../../../schemas/messages.ts'
import {
  OperatorBannerSchema,
  PromotionChoicesSchema,
  PromotionItemsSchema,
} from '../../../../../schemas/operator-promotions.ts'
import type { StaffProfile } from '../../../../../schemas/staff.ts'
import type { AppEnv } from '../../../../env.ts'
import { setFlash } from '../../../../lib/cookies/flash.ts'
import { redirectTo } from '../../../../lib/redirect.ts'
import { operatorOrRefuse } from '../access.ts'
import { auditHref } from '../audit-links.ts'
import { operatorChange, operatorRead } from '../backend.ts'
import { operatorFrame, renderOperator } from '../render.tsx'
import {
  BANNER_FIELDS,
  bannerBodyOf,
  BannerFormSchema,
  bannerValuesOf,
  NEW_BANNER_VALUES,
} from './banner-form.ts'
import { itemIdsBySlug, PROMOTION_PATHS, readPromotionForm, uploadPicture } from './shared.ts'
import { formIdOf, saveRefusal } from '../form-posts.ts'

async function renderBannerForm(
  c: Context<AppEnv>,
  staff: StaffProfile,
  bannerId: number | null,
  form: { values: FormValues; errors: FormErrors; image: string | undefined },
  status: 200 | 422 | 429 = 200
): Promise<Response> {
  const choices = await operatorRead(
    c,
    '/staff/operator/promotions/choices',
    {},
    PromotionChoicesSchema
  )
  const asChoices = (list: ReadonlyArray<{ id: number; name: string }>) =>
    list.map((thing) => ({ value: String(thing.id), label: thing.name }))
  return renderOperator(
    c,
    bannerId ? 'Change a banner' : 'Add a banner',
    (chrome) => (
      <BannerFormPage
        props={{
          frame: operatorFrame(chrome, staff, 'promotions'),
          title: bannerId ? `Change ${form.values.title || 'the banner'}` : 'Add a banner',
          action: PROMOTION_PATHS.banner(bannerId ?? 'new'),
          backHref: PROMOTION_PATHS.list,
          historyHref: bannerId ? auditHref('banner', bannerId) : null,
          state: { values: form.values, errors: form.errors, idPrefix: 'banner' },
        }}
        choices={{
          brands: asChoices(choices.brands),
          stores: asChoices(choices.stores),
          categories: asChoices(choices.categories),
          deals: asChoices(choices.deals),
        }}
        currentImage={form.image}
      />
    ),
    status
  )
}

async function itemSlugOf(c: Context<AppEnv>, menuItemId: number | null): Promise<string | null> {
  if (menuItemId === null) return null
  // The form names the linked item by its web address name.
  const found = await operatorRead(
    c,
    '/staff/operator/promotions/items',
    { query: '', ids: [menuItemId] },
    PromotionItemsSchema
  )
  return found.items.find((item) => item.menuItemId === menuItemId)?.slug ?? null
}

/** GET /store/operator/promotions/banners/:id (or /new): the banner form. */
export async function bannerPage(c: Context<AppEnv>): Promise<Response> {
  const access = await operatorOrRefuse(c)
  if ('response' in access) return access.response
  const bannerId = formIdOf(c)
  if (bannerId === null) {
    return renderBannerForm(c, access.staff, null, {
      values: NEW_BANNER_VALUES,
      errors: {},
      image: undefined,
    })
  }
  const banner = await operatorRead(
    c,
    '/staff/operator/promotions/banners/get',
    { bannerId },
    OperatorBannerSchema
  )
  return renderBannerForm(c, access.staff, bannerId, {
    values: bannerValuesOf(banner, await itemSlugOf(c, banner.linkMenuItemId)),
    errors: {},
    image: banner.imageUrl,
  })
}

/**
 * POST the banner form: the picture uploaded (a new banner needs one), then the banner saved
 * through operatorChange (purging 'promotions'). Saved → the list with 'The banner has been
 * saved.'; refused → the form again (422).
 */
export async function bannerForm(c: Context<AppEnv>): Promise<Response> {
  const access = await operatorOrRefuse(c)
  if ('response' in access) return access.response
  const bannerId = formIdOf(c)
  const { text, image } = await readPromotionForm(c)
  const current = bannerId
    ? await operatorRead(
        c,
        '/staff/operator/promotions/banners/get',
        { bannerId },
        OperatorBannerSchema
      )
    : null
  const refuse = (errors: FormErrors, status: 422 | 429 = 422) =>
    renderBannerForm(
      c,
      access.staff,
      bannerId,
      { values: text, errors, image: current?.imageUrl },
      status
    )
  const itemSlug = BannerFormSchema.shape.linkMenuItem.parse(text[BANNER_FIELDS.linkMenuItem])
  const linkItemId = itemSlug ? ((await itemIdsBySlug(c, [itemSlug])).get(itemSlug) ?? null) : null
  const parsed = bannerBodyOf(text, linkItemId)
  if (!parsed.ok) return refuse(parsed.errors)
  if (itemSlug && linkItemId === null) {
    return refuse({
      [BANNER_FIELDS.linkMenuItem]: MESSAGES.promoItemUnknown.replace('%s', itemSlug),
    })
  }
  let picture = current
    ? { url: current.imageUrl, width: current.imageWidth, height: current.imageHeight }
    : null
  if (image) {
    const uploaded = await uploadPicture(c, 'banner', image)
    if ('errors' in uploaded) return refuse(uploaded.errors)
    picture = uploaded
  }
  if (!picture) return refuse({ image: MESSAGES.promoBannerImageRequired })
  try {
    await operatorChange(c, {
      path: '/staff/operator/promotions/banners/save',
      body: {
        ...parsed.body,
        imageUrl: picture.url,
        imageWidth: picture.width,
        imageHeight: picture.height,
        ...(bannerId ? { bannerId } : {}),
      },
      schema: OperatorBannerSchema,
      affects: ['promotions'],
    })
  } catch (error) {
    const { errors, status } = saveRefusal(c, error)
    return refuse(errors, status)
  }
  setFlash(c, 'promoBannerSaved')
  return redirectTo(c, PROMOTION_PATHS.list, 303)
}
