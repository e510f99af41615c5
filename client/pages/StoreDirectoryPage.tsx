import type { StoreDirectory, StoreDirectoryEntry } from '../../schemas/stores.ts'
import { ArrowRightIcon, PinIcon } from '../components/icons.tsx'
import { Layout } from '../components/Layout.tsx'
import type { PageChrome } from '../lib/page-chrome.ts'
import { routePath } from '../lib/routes.ts'
import { MESSAGES } from '../../schemas/messages.ts'
import { useCount, useText } from '../lib/page-text.ts'

export interface StoreDirectoryPageProps {
  chrome: PageChrome
  directory: StoreDirectory
}

/** Consecutive stores of the same town, in the order the directory lists them. */
function byTown(
  stores: ReadonlyArray<StoreDirectoryEntry>
): Array<[string, Array<StoreDirectoryEntry>]> {
  const towns: Array<[string, Array<StoreDirectoryEntry>]> = []
  for (const store of stores) {
    const last = towns.at(-1)
    if (last && last[0] === store.address.town) last[1].push(store)
    else towns.push([store.address.town, [store]])
  }
  return towns
}

const pagePath = (page: number): string =>
  routePath('store-all', undefined, page > 1 ? { page: String(page) } : undefined)

/** Every store of the brand's business (route store-all), by town, a page at a time. */
export function StoreDirectoryPage({ chrome, directory }: StoreDirectoryPageProps) {
  const { stores, page, limit, total } = directory
  const pages = Math.max(1, Math.ceil(total / limit))
  const text = useText()
  const count = useCount()
  return (
    <Layout chrome={chrome}>
      <div className="bg-tint">
        <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 md:py-10">
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">
            {text(MESSAGES.pageAllStores)}
          </h1>
          <p className="mt-2 text-ink/80">
            {count('stores', total)}
            {pages > 1 ? text(MESSAGES.pagePageOf, page, pages) : ''}.{' '}
            {text(MESSAGES.pagePickOneOr)}{' '}
            <a href={routePath('index')} className="font-semibold underline underline-offset-4">
              {text(MESSAGES.pageSearchByPostcodeLower)}
            </a>{' '}
            {text(MESSAGES.pageToSeeWhoDelivers)}
          </p>
        </div>
      </div>
      <div className="mx-auto max-w-6xl space-y-8 px-4 py-8 sm:px-6 sm:py-10">
        {byTown(stores).map(([town, entries]) => (
          <section key={`${town}-${entries[0]?.id ?? 0}`} aria-label={town}>
            <h2 className="mb-3 text-xl font-bold">{town}</h2>
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {entries.map((store) => (
                <li key={store.id}>
                  <a
                    href={routePath('stores-storeSlug', { storeSlug: store.slug })}
                    className="group flex h-full items-start justify-between gap-3 rounded-xl border border-black/10 bg-white p-4 shadow-sm hover:border-primary"
                  >
                    <span>
                      <span className="block font-bold group-hover:underline">{store.name}</span>
                      <span className="mt-1 flex items-start gap-1.5 text-sm text-ink/80">
                        <PinIcon className="mt-0.5 size-4 shrink-0" />
                        {[store.address.addressLine1, store.address.postcode].join(', ')}
                      </span>
                    </span>
                    <ArrowRightIcon className="mt-1 size-5 shrink-0 text-primary" />
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ))}
        {pages > 1 ? (
          <nav
            aria-label={text(MESSAGES.pagePages)}
            className="flex items-center justify-between gap-4"
          >
            {page > 1 ? (
              <a href={pagePath(page - 1)} rel="prev" className="font-semibold underline">
                {text(MESSAGES.pagePreviousPage)}
              </a>
            ) : (
              <span />
            )}
            {page < pages ? (
              <a href={pagePath(page + 1)} rel="next" className="font-semibold underline">
                {text(MESSAGES.pageNextPage)}
              </a>
            ) : null}
          </nav>
        ) : null}
      </div>
    </Layout>
  )
}
