import type { Context } from 'hono'
import { z } from 'zod'
import { DEPARTMENT_ICON_NAMES } from '../../../client/lib/department-icon-names.ts'
import { type Department, HomePage } from '../../../client/pages/HomePage.tsx'
import { ReferralOfferSchema } from '../../../schemas/referrals.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import type { AppEnv } from '../../env.ts'
import { CHANGE_STORE_QUERY } from '../shared/guards.ts'
import { readLastOrder, writeLastOrder } from '../../lib/cookies/last-order.ts'
import { renderPage, requestSay } from '../shared/render.tsx'
import { storeSearchBoxFromQuery } from './store-search-box.ts'

// The departments teaser when the brand names none: catalogue messages, said in its language.
const DEFAULT_DEPARTMENTS = [
  { name: MESSAGES.pageDeptFruitVeg, about: MESSAGES.pageDeptFruitVegText, icon: 'produce' },
  { name: MESSAGES.pageDeptBakery, about: MESSAGES.pageDeptBakeryText, icon: 'bakery' },
  { name: MESSAGES.pageDeptDairy, about: MESSAGES.pageDeptDairyText, icon: 'dairy' },
  { name: MESSAGES.pageDeptMeatFish, about: MESSAGES.pageDeptMeatFishText, icon: 'meat' },
  { name: MESSAGES.pageDeptFrozen, about: MESSAGES.pageDeptFrozenText, icon: 'frozen' },
  { name: MESSAGES.pageDeptDrinks, about: MESSAGES.pageDeptDrinksText, icon: 'drinks' },
  { name: MESSAGES.pageDeptSnacks, about: MESSAGES.pageDeptSnacksText, icon: 'snacks' },
  { name: MESSAGES.pageDeptHousehold, about: MESSAGES.pageDeptHouseholdText, icon: 'household' },
] as const satisfies ReadonlyArray<{ name: string; about: string; icon: Department['icon'] }>

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
  const say = requestSay(c)
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
            : DEFAULT_DEPARTMENTS.map((department) => ({
                name: say(department.name),
                description: say(department.about),
                icon: department.icon,
              }))
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
