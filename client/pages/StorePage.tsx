import type { StoreDetails } from '../../schemas/stores.ts'
import { StoreBar } from '../components/catalogue/StoreBar.tsx'
import { Layout } from '../components/Layout.tsx'
import type { PageChrome } from '../lib/page-chrome.ts'
import {
  StoreCatalogueSections,
  type StoreCatalogue,
} from '../components/store/StoreCatalogueSections.tsx'
import { StoreContact } from '../components/store/StoreContact.tsx'
import { StoreHeader } from '../components/store/StoreHeader.tsx'
import { StoreServiceCards } from '../components/store/StoreServiceCards.tsx'
import { postalLines } from '../lib/order-display.ts'

export interface StorePageProps {
  chrome: PageChrome
  store: StoreDetails
  /** Absent: the store's details only. */
  catalogue?: StoreCatalogue
}

/**
 * A store's own page: its header (name, address, how it fulfils orders), its catalogue when
 * given, then its service cards (fees, opening hours) and contact details.
 */
export function StorePage({ chrome, store, catalogue }: StorePageProps) {
  const lines = postalLines(store.address)
  return (
    <Layout
      chrome={chrome}
      interactive={(catalogue?.recommended.length ?? 0) + (catalogue?.bought?.length ?? 0) > 0}
    >
      {catalogue ? <StoreBar store={store} /> : null}
      <StoreHeader store={store} addressLines={lines} />
      {catalogue ? <StoreCatalogueSections store={store} catalogue={catalogue} /> : null}
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-10 sm:px-6 lg:grid-cols-[2fr_1fr]">
        <StoreServiceCards store={store} />
        <StoreContact store={store} addressLines={lines} />
      </div>
    </Layout>
  )
}
