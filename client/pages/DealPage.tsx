import type { DealDetails } from '../../schemas/catalogue.ts'
import { Breadcrumbs, type Crumb } from '../components/catalogue/Breadcrumbs.tsx'
import { ItemGrid } from '../components/catalogue/ItemCard.tsx'
import { dealTerms } from '../components/catalogue/Promotions.tsx'
import { StoreBar } from '../components/catalogue/StoreBar.tsx'
import { Layout, type PageChrome } from '../components/Layout.tsx'

export interface DealPageProps {
  chrome: PageChrome
  store: { id: number; slug: string; name: string }
  details: DealDetails
  crumbs: ReadonlyArray<Crumb>
}

function sectionRule(min: number, max: number): string {
  if (min === max) return `Choose ${min}`
  if (min === 0) return `Choose up to ${max}`
  return `Choose ${min} to ${max}`
}

/** A deal and its sections, each with the items to choose from. */
export function DealPage({ chrome, store, details, crumbs }: DealPageProps) {
  const { deal, sections } = details
  return (
    <Layout chrome={chrome} interactive>
      <StoreBar store={store} />
      <div className="mx-auto max-w-6xl space-y-8 px-4 py-6 sm:px-6 sm:py-8">
        <div>
          <Breadcrumbs crumbs={crumbs} />
          <h1 className="mt-3 text-3xl font-extrabold tracking-tight">{deal.name}</h1>
          <p className="mt-1 text-lg font-bold text-primary">{dealTerms(deal)}</p>
          {deal.description ? (
            <p className="mt-2 max-w-3xl text-ink/80">{deal.description}</p>
          ) : null}
        </div>
        {sections.map((section) => (
          <section key={section.id} aria-labelledby={`deal-section-${section.id}`}>
            <h2 id={`deal-section-${section.id}`} className="text-xl font-bold">
              {section.name}
            </h2>
            <p className="mb-3 text-sm text-ink/75">
              {sectionRule(section.minimumSelected, section.maximumSelected)}
            </p>
            <ItemGrid
              storeId={store.id}
              storeSlug={store.slug}
              items={section.items}
              label={section.name}
            />
          </section>
        ))}
      </div>
    </Layout>
  )
}
