import type { Context } from 'hono'
import type { FormErrors, FormValues } from '../../../../../client/lib/form-values.ts'
import { DealFormPage, type FoundItem, ItemFinder } from './PromotionForms.tsx'
import {
  OperatorDealSchema,
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
import { requestLocale } from '../../../shared/render.tsx'
import { operatorFrame, renderOperator } from '../render.tsx'
import { dealBodyOf, dealValuesOf, NEW_DEAL_VALUES, typedItemSlugs } from './deal-form.ts'
import { itemIdsBySlug, PROMOTION_PATHS, readPromotionForm, uploadPicture } from './shared.ts'
import { formIdOf, saveRefusal } from '../form-posts.ts'

async function renderDealForm(
  c: Context<AppEnv>,
  staff: StaffProfile,
  dealId: number | null,
  form: { values: FormValues; errors: FormErrors; image: string | undefined },
  status: 200 | 422 | 429 = 200
): Promise<Response> {
  const query = (c.req.query('find') ?? '').trim().slice(0, 80)
  const [choices, found] = await Promise.all([
    operatorRead(c, '/staff/operator/promotions/choices', {}, PromotionChoicesSchema),
    query
      ? operatorRead(c, '/staff/operator/promotions/items', { query }, PromotionItemsSchema)
      : null,
  ])
  const action = PROMOTION_PATHS.deal(dealId ?? 'new')
  const items: Array<FoundItem> | null = found ? found.items : null
  return renderOperator(
    c,
    dealId ? 'Change a deal' : 'Add a deal',
    (chrome) => (
      <DealFormPage
        props={{
          frame: operatorFrame(chrome, staff, 'promotions'),
          title: dealId ? `Change ${form.values.name || 'the deal'}` : 'Add a deal',
          action,
          backHref: PROMOTION_PATHS.list,
          historyHref: dealId ? auditHref('deal', dealId) : null,
          state: { values: form.values, errors: form.errors, idPrefix: 'deal' },
        }}
        categories={choices.categories.map((k) => ({ value: String(k.id), label: k.name }))}
        currentImage={form.image}
        finder={<ItemFinder action={action} query={query} items={items} />}
      />
    ),
    status
  )
}

/** GET /store/operator/promotions/deals/:id (or /new): the deal form. */
export async function dealPage(c: Context<AppEnv>): Promise<Response> {
  const access = await operatorOrRefuse(c)
  if ('response' in access) return access.response
  const dealId = formIdOf(c)
  if (dealId === null) {
    return renderDealForm(c, access.staff, null, {
      values: NEW_DEAL_VALUES,
      errors: {},
      image: undefined,
    })
  }
  const deal = await operatorRead(
    c,
    '/staff/operator/promotions/deals/get',
    { dealId },
    OperatorDealSchema
  )
  return renderDealForm(c, access.staff, dealId, {
    values: dealValuesOf(deal, requestLocale(c)),
    errors: {},
    image: deal.imageUrl ?? undefined,
  })
}

/**
 * POST the deal form: its picture uploaded first, then the deal saved through operatorChange
 * (purging the 'promotions' answers). Saved → the list with 'The deal has been saved.'; refused
 * → the form again with each field's message and what was typed (422).
 */
export async function dealForm(c: Context<AppEnv>): Promise<Response> {
  const access = await operatorOrRefuse(c)
  if ('response' in access) return access.response
  const dealId = formIdOf(c)
  const { text, image } = await readPromotionForm(c)
  const current = dealId
    ? await operatorRead(c, '/staff/operator/promotions/deals/get', { dealId }, OperatorDealSchema)
    : null
  const refuse = (errors: FormErrors, status: 422 | 429 = 422) =>
    renderDealForm(
      c,
      access.staff,
      dealId,
      { values: text, errors, image: current?.imageUrl ?? undefined },
      status
    )
  const parsed = dealBodyOf(text, await itemIdsBySlug(c, typedItemSlugs(text)), requestLocale(c))
  if (!parsed.ok) return refuse(parsed.errors)
  let imageUrl = current?.imageUrl ?? null
  if (image) {
    const uploaded = await uploadPicture(c, 'deal', image)
    if ('errors' in uploaded) return refuse(uploaded.errors)
    imageUrl = uploaded.url
  }
  try {
    await operatorChange(c, {
      path: '/staff/operator/promotions/deals/save',
      body: { ...parsed.body, imageUrl, ...(dealId ? { dealId } : {}) },
      schema: OperatorDealSchema,
      affects: ['promotions'],
    })
  } catch (error) {
    const { errors, status } = saveRefusal(c, error)
    return refuse(errors, status)
  }
  setFlash(c, 'promoDealSaved')
  return redirectTo(c, PROMOTION_PATHS.list, 303)
}
