import type { Context } from 'hono'
import { BrandPage } from './BrandPage.tsx'
import { EMPTY_FORM } from './brand-forms.ts'
import { BrandPreviewPage } from './BrandPreviewPage.tsx'
import { BrandsListPage } from './BrandsListPage.tsx'
import { NewBrandPage } from './NewBrandPage.tsx'
import type { FormErrors, FormValues } from '../../../../../client/lib/form-values.ts'
import type { Brand } from '../../../../../schemas/brand.ts'
import {
  BrandDetailSchema,
  BrandsListSchema,
  type BrandDetail,
} from '../../../../../schemas/operator-brands.ts'
import type { StaffProfile } from '../../../../../schemas/staff.ts'
import type { AppEnv } from '../../../../env.ts'
import { pathId } from '../../frame.ts'
import { operatorOrRefuse } from '../access.ts'
import { auditHref } from '../audit-links.ts'
import { operatorRead } from '../backend.ts'
import { operatorFrame, renderOperator } from '../render.tsx'
import { NEW_BRAND_VALUES, brandValuesOf } from './form-input.ts'
import { BRANDS_PATHS } from './paths.ts'
import { type BrandPageForms } from './brand-forms.ts'

/** GET /store/operator/brands: the business's brands. */
export async function brandsListPage(c: Context<AppEnv>): Promise<Response> {
  const access = await operatorOrRefuse(c)
  if ('response' in access) return access.response
  const { brands } = await operatorRead(c, '/staff/operator/brands/list', {}, BrandsListSchema)
  return renderOperator(c, 'Brands', (chrome) => (
    <BrandsListPage
      frame={operatorFrame(chrome, access.staff, 'brands')}
      brands={brands}
      newHref={BRANDS_PATHS.create}
      hrefOf={(id) => ({ edit: BRANDS_PATHS.brand(id), preview: BRANDS_PATHS.preview(id) })}
    />
  ))
}

/** The new brand form: empty, or again with its errors (422). */
export function renderNewBrand(
  c: Context<AppEnv>,
  staff: StaffProfile,
  state: { errors: FormErrors; values: FormValues } = { errors: {}, values: NEW_BRAND_VALUES }
): Promise<Response> {
  const refused = Object.keys(state.errors).length > 0
  return renderOperator(
    c,
    'Add a brand',
    (chrome) => (
      <NewBrandPage
        frame={operatorFrame(chrome, staff, 'brands')}
        action={BRANDS_PATHS.create}
        state={state}
      />
    ),
    refused ? 422 : 200
  )
}

/** GET /store/operator/brands/new. */
export async function newBrandPage(c: Context<AppEnv>): Promise<Response> {
  const access = await operatorOrRefuse(c)
  if ('response' in access) return access.response
  return renderNewBrand(c, access.staff)
}

/** The brand's id in the path, or null (the page is then the console's 404). */
export function brandIdOf(c: Context<AppEnv>): number | null {
  return pathId(c.req.param('brandId'))
}

/** The brand (another business's answers not_found: the 404 page). */
export function readBrand(c: Context<AppEnv>, brandId: number): Promise<BrandDetail> {
  return operatorRead(c, '/staff/operator/brands/get', { brandId }, BrandDetailSchema)
}

/** The brand page, with one form's refusal shown (422) or none. */
export async function renderBrand(
  c: Context<AppEnv>,
  staff: StaffProfile,
  brand: BrandDetail,
  refused: Partial<BrandPageForms> = {}
): Promise<Response> {
  const rule = brand.postcodeRules[0]
  const forms: BrandPageForms = {
    details: { errors: {}, values: brandValuesOf(brand) },
    live: EMPTY_FORM,
    image: EMPTY_FORM,
    domain: { errors: {}, values: { environment: 'production' } },
    storeSearch: EMPTY_FORM,
    settings: EMPTY_FORM,
    postcodeRule: {
      errors: {},
      values: rule
        ? {
            countryCode: rule.countryCode,
            pattern: rule.pattern,
            normalisation: rule.normalisation,
            example: rule.example ?? '',
          }
        : { countryCode: 'GB', normalisation: 'uk' },
    },
    ...refused,
  }
  const id = brand.id
  return renderOperator(
    c,
    brand.name,
    (chrome) => (
      <BrandPage
        frame={operatorFrame(chrome, staff, 'brands')}
        brand={brand}
        forms={forms}
        paths={{
          details: BRANDS_PATHS.brand(id),
          live: BRANDS_PATHS.form(id, 'live'),
          image: BRANDS_PATHS.form(id, 'image'),
          domains: BRANDS_PATHS.form(id, 'domains'),
          checkDomain: BRANDS_PATHS.form(id, 'domains/check'),
          removeDomain: BRANDS_PATHS.form(id, 'domains/remove'),
          storeSearch: BRANDS_PATHS.form(id, 'store-search'),
          settings: BRANDS_PATHS.form(id, 'settings'),
          postcodeRule: BRANDS_PATHS.form(id, 'postcode-rule'),
          preview: BRANDS_PATHS.preview(id),
          audit: auditHref('brand', id),
        }}
      />
    ),
    Object.keys(refused).length > 0 ? 422 : 200
  )
}

/** GET /store/operator/brands/<id>. */
export async function brandPage(c: Context<AppEnv>): Promise<Response> {
  const access = await operatorOrRefuse(c)
  if ('response' in access) return access.response
  const brandId = brandIdOf(c)
  if (brandId === null) return c.notFound()
  return renderBrand(c, access.staff, await readBrand(c, brandId))
}

/** The stored brand as the shop's Brand, for the preview (the host's business's country and money). */
export function previewBrand(detail: BrandDetail, host: Brand): Brand {
  return {
    id: detail.id,
    businessId: host.businessId,
    slug: detail.slug,
    name: detail.name,
    tagline: detail.tagline,
    metaDescription: detail.metaDescription,
    logo: detail.logo.url ? detail.logo : { url: '', width: 160, height: 40 },
    faviconUrl: detail.faviconUrl,
    heroImageUrl: null,
    colors: detail.colors,
    font: detail.font,
    canonicalHost: null,
    hostEnvironment: 'production',
    countryCode: host.countryCode,
    currency: host.currency,
    locale: host.locale,
    timeZone: host.timeZone,
    taxMode: host.taxMode,
    postcodeRules: host.postcodeRules,
    settings: detail.settings,
    links: [],
  }
}

/** GET /store/operator/brands/<id>/preview. */
export async function brandPreviewPage(c: Context<AppEnv>): Promise<Response> {
  const access = await operatorOrRefuse(c)
  if ('response' in access) return access.response
  const brandId = brandIdOf(c)
  if (brandId === null) return c.notFound()
  const detail = await readBrand(c, brandId)
  return renderOperator(c, `Preview of ${detail.name}`, (chrome) => (
    <BrandPreviewPage
      frame={operatorFrame(chrome, access.staff, 'brands')}
      brand={previewBrand(detail, c.var.brand)}
      nonce={c.var.nonce}
      editHref={BRANDS_PATHS.brand(brandId)}
    />
  ))
}
