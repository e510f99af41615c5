import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'

/*
 * What the Worker may take from client/ (ADR 013, issue 38): the page rendering entry points
 * (worker/pages/**.tsx) render client components and pages (and take their props' types), and
 * any Worker layer but the backend,
 * the proxy and the live objects may use client/lib's pure helpers. Anything else — a constant,
 * a function or a type taken from a component or a page, or any client import in a module that
 * renders nothing — is a breach: what two layers share goes down to client/lib or schemas/.
 */

const root = fileURLToPath(new URL('../..', import.meta.url))

/**
 * Breaches known and left for now, each as the test prints it. The list only shrinks: one that
 * is gone must leave it too.
 */
const KNOWN_BREACHES: ReadonlyArray<string> = [
  'worker/pages/basket-forms.ts: LINE_FORM_FIELDS from client/components/basket/line-forms.ts',
  'worker/pages/basket-forms.ts: LINE_FORM_INTENTS from client/components/basket/line-forms.ts',
  'worker/pages/basket-forms.ts: SUBSTITUTES_FIELDS from client/components/basket/SubstitutesSwitch.tsx',
  'worker/pages/basket-forms.ts: SUBSTITUTES_INTENT from client/components/basket/SubstitutesSwitch.tsx',
  'worker/pages/catalogue-context.ts: Crumb from client/components/catalogue/Breadcrumbs.tsx',
  'worker/pages/catalogue-json-ld.ts: Crumb from client/components/catalogue/Breadcrumbs.tsx',
  'worker/pages/category.tsx: pageCount from client/components/catalogue/Pagination.tsx',
  'worker/pages/checkout/card-form.tsx: ATTEMPT_FIELD from client/pages/CheckoutBillingAddressPage.tsx',
  'worker/pages/checkout/checkout-header.ts: CheckoutHeaderSummary from client/components/checkout/CheckoutLayout.tsx',
  'worker/pages/checkout/checkout-header.ts: basketSummaryLines from client/components/checkout/OrderLines.tsx',
  'worker/pages/checkout/details.tsx: POSTCODE_FINDER_FIELDS from client/components/checkout/PostcodeFinder.tsx',
  'worker/pages/checkout/options.tsx: CHECKOUT_LOGIN_EMAIL_QUERY from client/pages/CheckoutDetailsPage.tsx',
  'worker/pages/deal.tsx: dealTerms from client/components/catalogue/Promotions.tsx',
  'worker/pages/deep-link-confirm.tsx: DEEP_LINK_CHOICE_FIELD from client/pages/DeepLinkConfirmPage.tsx',
  'worker/pages/home.tsx: DEPARTMENT_ICONS from client/components/department-icons.tsx',
  'worker/pages/interest.ts: InterestState from client/pages/StoresNearByPage.tsx',
  'worker/pages/landing-json-ld.ts: LandingStore from client/pages/GroceryDeliveryPage.tsx',
  'worker/pages/login.tsx: LOGIN_INTENTS from client/pages/LoginPage.tsx',
  'worker/pages/login.tsx: LOGIN_INTENT_FIELD from client/pages/LoginPage.tsx',
  'worker/pages/login.tsx: OTP_STEP_QUERY from client/pages/LoginPage.tsx',
  'worker/pages/register.tsx: REFERRAL_CODE_FIELD from client/pages/RegisterPage.tsx',
  'worker/pages/render.tsx: createIslandIds from client/components/render-context.ts',
  'worker/pages/search.tsx: pageCount from client/components/catalogue/Pagination.tsx',
  'worker/pages/search.tsx: searchSectionPath from client/pages/SearchPage.tsx',
  'worker/pages/seo-metadata.ts: PageMeta from client/components/Document.tsx',
  'worker/pages/site-content.ts: NO_SITE_CONTENT from client/components/content/site-content.ts',
  'worker/pages/site-content.ts: SiteContent from client/components/content/site-content.ts',
  'worker/pages/store-search-box.ts: StoreSearchBoxProps from client/components/StoreSearch.tsx',
  'worker/pages/store.tsx: addressLines from client/pages/StorePage.tsx',
  'worker/pages/store/controls.tsx: PAUSE_ACTIONS from client/components/store-console/StoreControlsPage.tsx',
  'worker/pages/store/controls.tsx: PAUSE_FIELDS from client/components/store-console/StoreControlsPage.tsx',
  'worker/pages/store/credit-form.ts: CREDIT_KIND_LABELS from client/components/store-console/GiveCreditForm.tsx',
  'worker/pages/store/credit-form.ts: GivenCreditKind from client/components/store-console/GiveCreditForm.tsx',
  'worker/pages/store/driver.tsx: stopLabel from client/components/store-console/format.ts',
  'worker/pages/store/frame.ts: PageChrome from client/components/Layout.tsx',
  'worker/pages/store/operator/brands/actions.ts: BrandPageForms from client/components/operator/brands/BrandPage.tsx',
  'worker/pages/store/operator/brands/form-input.ts: COLOUR_FIELDS from client/components/operator/brands/BrandForms.tsx',
  'worker/pages/store/operator/brands/form-input.ts: STORE_SEARCH_VARIANTS from client/components/operator/brands/BrandPage.tsx',
  'worker/pages/store/operator/brands/pages.tsx: EMPTY_FORM from client/components/operator/brands/BrandForms.tsx',
  'worker/pages/store/operator/promotions/deal-form.ts: DEAL_FORM_SECTIONS from client/components/operator/promotions/PromotionForms.tsx',
  'worker/pages/store/operator/staff/staff-form.ts: roleFieldName from client/components/operator/staff/StaffPages.tsx',
  'worker/pages/store/order-form.ts: ACTION_FIELDS from client/components/store-console/OrderActions.tsx',
  'worker/pages/store/order-form.ts: READY_AT_FIELD from client/components/store-console/OrderActions.tsx',
  'worker/pages/store/order-form.ts: REASON_CHOICE_FIELD from client/components/store-console/OrderActions.tsx',
  'worker/pages/store/order.tsx: ACTION_FIELDS from client/components/store-console/OrderActions.tsx',
  'worker/pages/store/order.tsx: GIVE_CREDIT_ACTION from client/components/store-console/GiveCreditForm.tsx',
  'worker/pages/store/order.tsx: SUBSTITUTE_QUERY from client/components/store-console/OrderActions.tsx',
  'worker/pages/store/sign-in.tsx: STAFF_INTENT_FIELD from client/components/store-console/SignInPage.tsx',
  'worker/pages/store/sign-in.tsx: STAFF_SIGN_IN_INTENTS from client/components/store-console/SignInPage.tsx',
  'worker/pages/tv.tsx: TV_REFRESH_SECONDS from client/components/tv/tv-slides.ts',
  'worker/pages/tv.tsx: tvSlides from client/components/tv/tv-slides.ts',
]

function sources(dir: string): Array<string> {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sources(path)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : []
  })
}

const IMPORT = /import\s+(type\s+)?([\w\s{},*]+?)\s+from\s+'([^']+)'/g
// Layers that may take nothing from client/ (ADR 013's table).
const NO_CLIENT = /^worker\/(backend|proxy|live|sandbox-gateway|sandbox-identity)\//

/** Each breach of `file` as a line: the name it takes, and from where. */
export function breachesOf(file: string, text: string): Array<string> {
  const found: Array<string> = []
  const renders = file.startsWith('worker/pages/') && file.endsWith('.tsx')
  for (const match of text.matchAll(IMPORT)) {
    const [, typeOnly, clause = '', specifier = ''] = match
    const at = specifier.indexOf('client/')
    if (!specifier.startsWith('.') || at < 0) continue
    const target = `client/${specifier.slice(at + 'client/'.length)}`
    const names = clause
      .replace(/[{}]/g, '')
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean)
    const inLib = target.startsWith('client/lib/')
    for (const name of names) {
      const isType = typeOnly !== undefined || name.startsWith('type ')
      const bare = (name.replace(/^type\s+/, '').split(/\s+as\s+/)[0] ?? '').trim()
      // What a rendering page takes: a component, or a type of what it renders (its props).
      const rendered = isType || /^[A-Z][a-z]/.test(bare)
      const allowed = NO_CLIENT.test(file)
        ? false
        : inLib || (renders && rendered && /^client\/(components|pages)\//.test(target))
      if (!allowed) found.push(`${file}: ${bare} from ${target}`)
    }
  }
  return found
}

it('takes from client/ only components for the pages that render them, and client/lib helpers', () => {
  const breaches = sources('worker')
    .map((path) => relative(root, join(root, path)))
    .flatMap((file) => breachesOf(file, readFileSync(join(root, file), 'utf8')))
  const unexpected = breaches.filter((breach) => !KNOWN_BREACHES.includes(breach))
  const gone = KNOWN_BREACHES.filter((breach) => !breaches.includes(breach))
  expect(unexpected, `Worker imports of client code (ADR 013):\n${unexpected.join('\n')}`).toEqual(
    []
  )
  expect(gone, 'breaches no longer found: take them off KNOWN_BREACHES').toEqual([])
})

it('refuses a constant of a component and any client import in the backend', () => {
  const card = `import { ADDRESS_FIELDS } from '../../../client/components/checkout/AddressFields.tsx'`
  expect(breachesOf('worker/pages/checkout/card-form.tsx', card)).toEqual([
    'worker/pages/checkout/card-form.tsx: ADDRESS_FIELDS from client/components/checkout/AddressFields.tsx',
  ])
  const page = `import { BasketPage } from '../../client/pages/BasketPage.tsx'`
  expect(breachesOf('worker/pages/basket.tsx', page)).toEqual([])
  expect(breachesOf('worker/pages/basket-forms.ts', page)).toHaveLength(1)
  const lib = `import { routePath } from '../../../client/lib/routes.ts'`
  expect(breachesOf('worker/middleware/x.ts', lib)).toEqual([])
  expect(breachesOf('worker/backend/x/y.ts', lib)).toHaveLength(1)
})
