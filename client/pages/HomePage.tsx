import type { ReferralOffer } from '../../schemas/referrals.ts'
import { DEPARTMENT_ICONS } from '../components/department-icons.tsx'
import type { DepartmentIconName } from '../lib/department-icon-names.ts'
import { BagIcon, ClockIcon, PinIcon, StoreIcon, TruckIcon } from '../components/icons.tsx'
import { Layout } from '../components/Layout.tsx'
import type { PageChrome } from '../lib/page-chrome.ts'
import { StoreSearch } from '../components/StoreSearch.tsx'
import type { StoreSearchBoxProps } from '../lib/store-search.ts'
import { routePath } from '../lib/routes.ts'
import { useMoney } from '../lib/shop-locale.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import { useText } from '../lib/page-text.ts'

export interface Department {
  name: string
  description: string
  icon: DepartmentIconName
}

export interface HomePageProps {
  chrome: PageChrome & { brand: NonNullable<PageChrome['brand']> }
  heroTitle: string
  heroSubtitle: string
  departments: Array<Department>
  search: StoreSearchBoxProps
  /** The business's referral offer; its section is left out while referrals are off. */
  referralOffer: ReferralOffer
}

// The defaults when the brand's home blocks name none: catalogue messages, said by the render.
const STEPS = [
  { title: MESSAGES.pageStepFindStore, text: MESSAGES.pageStepFindStoreText },
  { title: MESSAGES.pageStepFillBasket, text: MESSAGES.pageStepFillBasketText },
  { title: MESSAGES.pageStepPickTime, text: MESSAGES.pageStepPickTimeText },
]
// A brand's how-it-works block may have more steps than icons: they repeat.
const STEP_ICONS = [PinIcon, BagIcon, ClockIcon]

const USPS = [
  { Icon: TruckIcon, title: MESSAGES.pageUspDelivery },
  { Icon: StoreIcon, title: MESSAGES.pageClickAndCollect },
  { Icon: ClockIcon, title: MESSAGES.pageUspSameDay },
]

/** The home page: hero with the store search, how it works, departments, referral and apps. */
export function HomePage({
  chrome,
  heroTitle,
  heroSubtitle,
  departments,
  search,
  referralOffer,
}: HomePageProps) {
  const money = useMoney()
  const say = useText()
  const { brand } = chrome
  // The brand's home blocks (spec §7) win over the white-label settings and the defaults.
  const blocks = chrome.content?.home ?? {}
  const steps =
    blocks['how-it-works']?.steps ??
    STEPS.map((step) => ({ title: say(step.title), text: say(step.text) }))
  const usps = blocks.usps
    ? blocks.usps.items.map((item, index) => ({ ...item, Icon: USPS[index % USPS.length]!.Icon }))
    : USPS.map((usp) => ({ ...usp, title: say(usp.title) }))
  return (
    <Layout chrome={chrome} interactive>
      <section aria-labelledby="hero-title" className="relative bg-primary text-on-primary">
        {/* Only the pattern is clipped: the address suggestions may hang below the hero. */}
        <div aria-hidden="true" className="pointer-events-none absolute inset-0 overflow-hidden">
          <HeroPattern />
        </div>
        <div className="relative mx-auto grid max-w-6xl items-center gap-8 px-4 pt-10 pb-12 sm:px-6 md:grid-cols-[1.1fr_1fr] md:py-20">
          <div>
            {brand.tagline ? (
              <p className="mb-3 inline-block rounded-full bg-black/25 px-3 py-1 text-sm font-semibold">
                {brand.tagline}
              </p>
            ) : null}
            <h1
              id="hero-title"
              className="text-4xl leading-tight font-extrabold tracking-tight text-balance sm:text-5xl"
            >
              {blocks.hero?.title ?? heroTitle}
            </h1>
            <p className="mt-4 max-w-xl text-lg opacity-95">
              {blocks.hero?.subtitle ?? heroSubtitle}
            </p>
            <ul
              data-usps=""
              className="mt-6 hidden flex-wrap gap-x-6 gap-y-2 text-sm font-semibold sm:flex"
            >
              {usps.map(({ Icon, title }) => (
                <li key={title} className="flex items-center gap-2">
                  <Icon className="size-5" /> {title}
                </li>
              ))}
            </ul>
          </div>
          <div
            id="store-search"
            className="scroll-mt-6 rounded-2xl bg-white p-5 text-ink shadow-xl sm:p-7"
          >
            <h2 className="text-xl font-bold">{say(MESSAGES.pageShopNearYou)}</h2>
            <p className="mt-1 mb-4 text-sm text-ink/75">{say(MESSAGES.pageShopNearYouHint)}</p>
            <StoreSearch {...search} />
          </div>
        </div>
      </section>

      <section aria-labelledby="how-title" className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
        <h2 id="how-title" className="text-2xl font-extrabold tracking-tight sm:text-3xl">
          {say(MESSAGES.pageHowBrandWorks, brand.name)}
        </h2>
        <ol className="mt-8 grid gap-5 md:grid-cols-3">
          {steps.map(({ title, text }, index) => {
            const Icon = STEP_ICONS[index % STEP_ICONS.length]!
            return (
              <li key={title} className="rounded-2xl border border-black/10 bg-white p-6 shadow-sm">
                <div className="flex items-center gap-3">
                  <span className="flex size-12 items-center justify-center rounded-full bg-tint text-primary">
                    <Icon className="size-6" />
                  </span>
                  <span className="text-sm font-bold text-ink/70">
                    {say(MESSAGES.pageStepNumber, index + 1)}
                  </span>
                </div>
                <h3 className="mt-4 text-lg font-bold">{title}</h3>
                <p className="mt-1 text-ink/80">{text}</p>
              </li>
            )
          })}
        </ol>
      </section>

      <section aria-labelledby="departments-title" className="bg-tint">
        <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <div>
              <h2
                id="departments-title"
                className="text-2xl font-extrabold tracking-tight sm:text-3xl"
              >
                {say(MESSAGES.pageShopByDepartment)}
              </h2>
              <p className="mt-1 text-ink/80">{say(MESSAGES.pageShopByDepartmentHint)}</p>
            </div>
            <a
              href="#store-search"
              className="inline-flex min-h-11 items-center rounded-full border-2 border-primary px-5 font-bold text-primary hover:bg-white"
            >
              {say(MESSAGES.pageFindStoreToStart)}
            </a>
          </div>
          <ul className="mt-8 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {departments.map((department) => (
              <li key={department.name}>
                <a
                  href="#store-search"
                  className="flex h-full items-center gap-3 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-black/5 transition hover:-translate-y-0.5 hover:shadow-md sm:p-5"
                >
                  <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-tint text-primary sm:size-14">
                    {DEPARTMENT_ICONS[department.icon]}
                  </span>
                  <span>
                    <span className="block font-bold">{department.name}</span>
                    <span className="hidden text-sm text-ink/75 sm:block">
                      {department.description}
                    </span>
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      </section>

      {referralOffer.active ? (
        <section aria-labelledby="referral-title" className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
          <div className="grid items-center gap-6 rounded-3xl bg-accent/10 p-6 ring-1 ring-accent/20 sm:p-10 md:grid-cols-[1fr_auto]">
            <div>
              <h2 id="referral-title" className="text-2xl font-extrabold tracking-tight">
                {say(MESSAGES.pageOfferHeadline, money(referralOffer.rewardAmount))}
              </h2>
              <p className="mt-2 max-w-2xl text-ink/80">
                {say(MESSAGES.pageInviteFriendTo, brand.name)}{' '}
                {say(MESSAGES.pageReferralPromise, money(referralOffer.rewardAmount))}
              </p>
            </div>
            <a
              href={routePath('referrer')}
              className="inline-flex min-h-12 items-center justify-center rounded-full bg-primary px-6 font-bold text-on-primary hover:brightness-90"
            >
              {say(MESSAGES.pageReferAFriend)}
            </a>
          </div>
        </section>
      ) : null}
    </Layout>
  )
}

function HeroPattern() {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      className="pointer-events-none absolute -top-24 -end-24 size-[28rem] text-white/10"
      viewBox="0 0 200 200"
      width="448"
      height="448"
    >
      <circle cx="100" cy="100" r="96" fill="currentColor" />
      <circle cx="100" cy="100" r="60" fill="currentColor" />
    </svg>
  )
}
