import type { LandingStore } from '../lib/landing-stores.ts'
import { Layout } from '../components/Layout.tsx'
import type { PageChrome } from '../lib/page-chrome.ts'
import { routePath } from '../lib/routes.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import { useText } from '../lib/page-text.ts'

export interface GroceryDeliveryPageProps {
  chrome: PageChrome
  heading: string
  /** Sanitised HTML from renderMarkdown (a town's page text), or null for a district page. */
  html: string | null
  /** One sentence under the heading. */
  intro: string
  /** The heading of the store list ('Stores in Manchester', 'Stores delivering to M1'). */
  storesHeading: string
  stores: ReadonlyArray<LandingStore>
}

/** "Grocery delivery in <town or district>": the stores that deliver there, linked. */
export function GroceryDeliveryPage({
  chrome,
  heading,
  html,
  intro,
  storesHeading,
  stores,
}: GroceryDeliveryPageProps) {
  const text = useText()
  return (
    <Layout chrome={chrome}>
      <div className="bg-tint">
        <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
          <nav aria-label={text(MESSAGES.pageBreadcrumb)} className="text-sm text-ink/80">
            <a href={routePath('index')} className="underline underline-offset-4">
              {text(MESSAGES.pageHome)}
            </a>{' '}
            / <span aria-current="page">{heading}</span>
          </nav>
          <h1 className="mt-3 text-3xl font-extrabold tracking-tight sm:text-4xl">{heading}</h1>
          <p className="mt-2 text-ink/80">{intro}</p>
        </div>
      </div>
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <h2 className="text-xl font-bold">{storesHeading}</h2>
        {stores.length === 0 ? (
          <p className="mt-3 text-ink/80">
            {text(MESSAGES.pageNoStoreDeliversHere)}{' '}
            <a href={`${routePath('index')}#store-search`} className="font-semibold underline">
              {text(MESSAGES.pageSearchByPostcode)}
            </a>
            .
          </p>
        ) : (
          <ul className="mt-4 divide-y divide-black/10 rounded-2xl border border-black/10 bg-white shadow-sm">
            {stores.map((store) => (
              <li key={store.slug} className="p-5">
                <a
                  href={routePath('stores-storeSlug', { storeSlug: store.slug })}
                  className="font-bold text-primary underline underline-offset-4"
                >
                  {store.name}
                </a>
                <p className="mt-1 text-sm text-ink/80">{store.address}</p>
              </li>
            ))}
          </ul>
        )}
        {html ? (
          <div className="content-prose mt-10" dangerouslySetInnerHTML={{ __html: html }} />
        ) : null}
      </div>
    </Layout>
  )
}
