import type { Context } from 'hono'
import { z } from 'zod'
import { DEPARTMENT_ICON_NAMES } from '../../../client/lib/department-icon-names.ts'
import { type Department, HomePage } from '../../../client/pages/HomePage.tsx'
import { ReferralOfferSchema } from '../../../schemas/referrals.ts'
import type { AppEnv } from '../../env.ts'
import { CHANGE_STORE_QUERY } from '../shared/guards.ts'
import { readLastOrder, writeLastOrder } from '../../lib/cookies/last-order.ts'
import { renderPage } from '../shared/render.tsx'
import { storeSearchBoxFromQuery } from './store-search-box.ts'

const DEFAULT_DEPARTMENTS: Array<Department> = [
  { name: 'Fruit & veg', description: 'Fresh, seasonal and local', icon: 'produce' },
  { name: 'Bakery', description: 'Baked in store every morning', icon: 'bakery' },
  { name: 'Dairy & eggs', description: 'Milk, cheese, yoghurt and more', icon: 'dairy' },
  { name: 'Meat & fish', description: 'From trusted suppliers', icon: 'meat' },
  { name: 'Frozen', description: 'Stock up the freezer', icon: 'frozen' },
  { name: 'Drinks', description: 'Soft drinks, juice and water', icon: 'drinks' },
  { name: 'Snacks & sweets', description: 'Treats for every occasion', icon: 'snacks' },
  { name: 'Household', description: 'Cleaning and everyday essentials', icon: 'household' },
]

// White-label home settings may name their own departments teaser; anything malformed is ignored.
const HomeDepartmentsSchema = z.array(
  z.object({
    name: z.string().min(1).max(40),
    description: z.string().max(80).default(''),
    icon: z.enum(DEPARTMENT_ICON_NAMES).catch('snacks'),
  })
)

/**
 * The home page: hero with store search, how it works, departments. Public and cacheable, except
 * after "Change store" (`?changeStore=1`), which stops the last ordered store being restored.
 */
export async function homePage(c: Context<AppEnv>): Promise<Response> {
  const brand = c.var.brand
  const home = brand.settings.home
  const departments = HomeDepartmentsSchema.safeParse(home.departments)
  const lastOrder = c.req.query(CHANGE_STORE_QUERY) !== undefined ? readLastOrder(c) : null
  const stopRestoring = lastOrder !== null && lastOrder.restoreLastOrderedStore
  if (stopRestoring) writeLastOrder(c, { ...lastOrder, restoreLastOrderedStore: false })
  // A search that failed on the server comes back here with what was typed, or why it failed.
  const search = storeSearchBoxFromQuery(c)
  // The business's own offer, so the home page promises what the referral page and the reward do.
  const referralOffer = await c.var.backend.get('/referrals/offer', {
    query: { businessId: brand.businessId },
    schema: ReferralOfferSchema,
    cache: true,
  })
  return renderPage(
    c,
    (chrome) => (
      <HomePage
        chrome={{ ...chrome, brand }}
        heroTitle={home.heroTitle}
        heroSubtitle={home.heroSubtitle}
        departments={
          departments.success && departments.data.length > 0
            ? departments.data
            : DEFAULT_DEPARTMENTS
        }
        search={search}
        referralOffer={referralOffer}
      />
    ),
    {
      meta: {
        title: brand.name,
        description: brand.metaDescription ?? `${brand.name}: ${home.heroSubtitle}`,
        imageUrl: brand.heroImageUrl,
        canonicalPath: '/',
      },
      cache: stopRestoring ? 'private' : 'public',
    }
  )
}
