import type { Context } from 'hono'
import { z } from 'zod'
import type { FormErrors } from '../../../../../client/lib/form-values.ts'
import {
  BRAND_IMAGE_FILE_FIELD,
  BrandDomainFormSchema,
  BrandImageFormSchema,
  BrandLiveFormSchema,
  type BrandPageForms,
  BrandSettingsFormSchema,
  PostcodeRuleFormSchema,
  StoreSearchFormSchema,
} from './brand-forms.ts'
import {
  BrandDetailSchema,
  BrandDomainSchema,
  type BrandDetail,
  PostcodeRulesSchema,
} from '../../../../../schemas/operator-brands.ts'
import type { StaffProfile } from '../../../../../schemas/staff.ts'
import type { AppEnv } from '../../../../env.ts'
import { purgeBrandHosts } from '../../../../lib/brand-kv.ts'
import { type FlashKey, setFlash } from '../../../../lib/cookies/flash.ts'
import { logError } from '../../../../lib/log.ts'
import { redirectTo } from '../../../../lib/redirect.ts'
import { readFormBody } from '../../../../lib/request-body.ts'
import { MEDIA_IMAGE_MAX_BYTES } from '../../../../../schemas/media.ts'
import { readForm } from '../../../shared/forms.ts'
import { operatorOrRefuse } from '../access.ts'
import { operatorChange } from '../backend.ts'
import {
  brandFieldsBody,
  brandFieldsValues,
  brandFormErrors,
  settingsJson,
  storeSearchSettings,
} from './form-input.ts'
import { brandIdOf, readBrand, renderBrand, renderNewBrand } from './pages.tsx'
import { BRANDS_PATHS } from './paths.ts'

/**
 * The brands area's form posts (ADR 028): each goes through operatorChange (purging the 'brand'
 * area), then forgets the brand's hosts in the shared KV brand cache, then 303s to the brand's
 * page with what happened; a refusal shows the page again with the errors at the form (422).
 */

// The shop must see a changed brand within a minute on every host it is on.
async function forgetHosts(c: Context<AppEnv>, hosts: ReadonlyArray<string>): Promise<void> {
  try {
    await purgeBrandHosts(c.env.CACHE, hosts)
  } catch (error) {
    logError(error, { requestId: c.var.requestId, event: 'brand host cache purge failed' })
  }
}

const done = (c: Context<AppEnv>, brandId: number, flash: FlashKey) => {
  setFlash(c, flash)
  return redirectTo(c, BRANDS_PATHS.brand(brandId), 303)
}

type Access = { staff: StaffProfile; brandId: number } | { response: Response }

async function brandAccess(c: Context<AppEnv>): Promise<Access> {
  const access = await operatorOrRefuse(c)
  if ('response' in access) return access
  const brandId = brandIdOf(c)
  if (brandId === null) return { response: await c.notFound() }
  return { staff: access.staff, brandId }
}

/** A brand change: made, hosts forgotten, 303; or the page again with the refusal's errors. */
async function brandChange(
  c: Context<AppEnv>,
  access: { staff: StaffProfile; brandId: number },
  change: { path: string; body: Record<string, unknown> | FormData },
  refused: (errors: FormErrors) => Partial<BrandPageForms>,
  flash: FlashKey
): Promise<Response> {
  let brand: BrandDetail
  try {
    brand = await operatorChange(c, { ...change, schema: BrandDetailSchema, affects: ['brand'] })
  } catch (error) {
    const errors = brandFormErrors(error)
    return renderBrand(c, access.staff, await readBrand(c, access.brandId), refused(errors))
  }
  await forgetHosts(
    c,
    brand.domains.map((domain) => domain.host)
  )
  return done(c, access.brandId, flash)
}

/** POST /store/operator/brands/new. */
export async function createBrandForm(c: Context<AppEnv>): Promise<Response> {
  const access = await operatorOrRefuse(c)
  if ('response' in access) return access.response
  const form = await readForm(c)
  let brand: BrandDetail
  try {
    brand = await operatorChange(c, {
      path: '/staff/operator/brands/create',
      body: brandFieldsBody(form),
      schema: BrandDetailSchema,
      affects: ['brand'],
    })
  } catch (error) {
    return renderNewBrand(c, access.staff, {
      errors: brandFormErrors(error),
      values: brandFieldsValues(form),
    })
  }
  return done(c, brand.id, 'brandCreated')
}

/** POST /store/operator/brands/<id>: name, slug, words, colours, font. */
export async function updateBrandForm(c: Context<AppEnv>): Promise<Response> {
  const access = await brandAccess(c)
  if ('response' in access) return access.response
  const form = await readForm(c)
  return brandChange(
    c,
    access,
    {
      path: '/staff/operator/brands/update',
      body: { brandId: access.brandId, ...brandFieldsBody(form) },
    },
    (errors) => ({ details: { errors, values: brandFieldsValues(form) } }),
    'operatorChangesSaved'
  )
}

/** POST /store/operator/brands/<id>/live: Go live / Take offline. */
export async function liveForm(c: Context<AppEnv>): Promise<Response> {
  const access = await brandAccess(c)
  if ('response' in access) return access.response
  const { live } = BrandLiveFormSchema.parse(await readForm(c))
  return brandChange(
    c,
    access,
    { path: '/staff/operator/brands/live', body: { brandId: access.brandId, live } },
    (errors) => ({ live: { errors, values: {} } }),
    live ? 'brandLive' : 'brandOffline'
  )
}

/** POST /store/operator/brands/<id>/image (multipart): a logo or an icon. */
export async function imageForm(c: Context<AppEnv>): Promise<Response> {
  const access = await brandAccess(c)
  if ('response' in access) return access.response
  const posted = await readFormBody(c.req.raw, MEDIA_IMAGE_MAX_BYTES + 64 * 1024)
  const upload = new FormData()
  upload.set('brandId', String(access.brandId))
  const { kind } = BrandImageFormSchema.parse({ kind: posted.get('kind') })
  upload.set('kind', kind)
  const file = posted.get(BRAND_IMAGE_FILE_FIELD)
  // An empty file input posts a nameless empty part: nothing was chosen.
  if (file instanceof File && (file.size > 0 || file.name !== '')) upload.append('file[]', file)
  return brandChange(
    c,
    access,
    { path: '/staff/operator/brands/image', body: upload },
    (errors) => ({ image: { errors, values: {} } }),
    'operatorChangesSaved'
  )
}

/** POST /store/operator/brands/<id>/store-search: the store search variant. */
export async function storeSearchForm(c: Context<AppEnv>): Promise<Response> {
  const access = await brandAccess(c)
  if ('response' in access) return access.response
  const { variant } = StoreSearchFormSchema.parse(await readForm(c))
  const brand = await readBrand(c, access.brandId)
  const settings = storeSearchSettings(variant, brand.settings.store)
  if (!settings) {
    return renderBrand(c, access.staff, brand, {
      storeSearch: { errors: { variant: 'Choose how shoppers find their store.' }, values: {} },
    })
  }
  return brandChange(
    c,
    access,
    {
      path: '/staff/operator/brands/settings',
      body: { brandId: access.brandId, section: 'store', settings },
    },
    (errors) => ({ storeSearch: { errors, values: { variant: variant ?? '' } } }),
    'operatorChangesSaved'
  )
}

/** POST /store/operator/brands/<id>/settings: one section's JSON. */
export async function settingsForm(c: Context<AppEnv>): Promise<Response> {
  const access = await brandAccess(c)
  if ('response' in access) return access.response
  const form = BrandSettingsFormSchema.parse(await readForm(c))
  const { section } = form
  const parsed = settingsJson(form.settings)
  if ('error' in parsed) {
    return renderBrand(c, access.staff, await readBrand(c, access.brandId), {
      settings: {
        errors: { settings: parsed.error },
        values: { settings: form.settings },
        section,
      },
    })
  }
  return brandChange(
    c,
    access,
    {
      path: '/staff/operator/brands/settings',
      body: { brandId: access.brandId, section, settings: parsed.settings },
    },
    (errors) => ({
      settings: {
        errors: { settings: errors.settings ?? errors.section ?? errors.form },
        values: { settings: form.settings },
        section,
      },
    }),
    'operatorChangesSaved'
  )
}

/** A change of the brand's domains: the host's KV brand entry is forgotten too. */
async function domainChange(
  c: Context<AppEnv>,
  path: string,
  values: Record<string, string>,
  flash: FlashKey
): Promise<Response> {
  const access = await brandAccess(c)
  if ('response' in access) return access.response
  const body = { brandId: access.brandId, ...values }
  try {
    await operatorChange(c, {
      path,
      body,
      schema: path.endsWith('/detach') ? z.object({ host: z.string() }) : BrandDomainSchema,
      affects: ['brand'],
    })
  } catch (error) {
    const errors = brandFormErrors(error)
    return renderBrand(c, access.staff, await readBrand(c, access.brandId), {
      domain: {
        errors: errors.host || errors.environment ? errors : { host: errors.form },
        values,
      },
    })
  }
  await forgetHosts(c, [values.host ?? ''])
  return done(c, access.brandId, flash)
}

/** POST /store/operator/brands/<id>/domains: attach a domain. */
export async function attachDomainForm(c: Context<AppEnv>): Promise<Response> {
  const { host, environment } = BrandDomainFormSchema.parse(await readForm(c))
  return domainChange(
    c,
    '/staff/operator/brands/domains/attach',
    { host, environment },
    'domainAdded'
  )
}

/** POST /store/operator/brands/<id>/domains/check: "Check now". */
export async function checkDomainForm(c: Context<AppEnv>): Promise<Response> {
  const { host } = BrandDomainFormSchema.parse(await readForm(c))
  return domainChange(c, '/staff/operator/brands/domains/check', { host }, 'domainChecked')
}

/** POST /store/operator/brands/<id>/domains/remove: detach a domain. */
export async function removeDomainForm(c: Context<AppEnv>): Promise<Response> {
  const { host } = BrandDomainFormSchema.parse(await readForm(c))
  return domainChange(c, '/staff/operator/brands/domains/detach', { host }, 'domainRemoved')
}

/** POST /store/operator/brands/<id>/postcode-rule: the business's postcode rule. */
export async function postcodeRuleForm(c: Context<AppEnv>): Promise<Response> {
  const access = await brandAccess(c)
  if ('response' in access) return access.response
  const values = PostcodeRuleFormSchema.parse(await readForm(c))
  try {
    await operatorChange(c, {
      path: '/staff/operator/brands/postcode-rule',
      body: values,
      schema: PostcodeRulesSchema,
      affects: ['brand'],
    })
  } catch (error) {
    return renderBrand(c, access.staff, await readBrand(c, access.brandId), {
      postcodeRule: { errors: brandFormErrors(error), values },
    })
  }
  const brand = await readBrand(c, access.brandId)
  await forgetHosts(
    c,
    brand.domains.map((domain) => domain.host)
  )
  return done(c, access.brandId, 'operatorChangesSaved')
}
