import type { ReactNode } from 'react'
import { Layout } from '../Layout.tsx'
import type { PageChrome } from '../../lib/page-chrome.ts'
import { Breadcrumbs } from './Breadcrumbs.tsx'
import type { Crumb } from '../../lib/catalogue-links.ts'
import { StoreBar, type StoreBarProps } from './StoreBar.tsx'

export interface CataloguePageFrameProps {
  chrome: PageChrome
  storeBar: StoreBarProps
  crumbs: ReadonlyArray<Crumb>
  title: ReactNode
  /** Under the title: what the page holds (a description, a count, a deal's terms). */
  intro?: ReactNode
  children: ReactNode
}

/** A store listing (category, deal, search): store bar, breadcrumb and title, then its sections. */
export function CataloguePageFrame({
  chrome,
  storeBar,
  crumbs,
  title,
  intro,
  children,
}: CataloguePageFrameProps) {
  return (
    <Layout chrome={chrome} interactive>
      <StoreBar {...storeBar} />
      <div className="mx-auto max-w-6xl space-y-8 px-4 py-6 sm:px-6 sm:py-8">
        <div>
          <Breadcrumbs crumbs={crumbs} />
          <h1 className="mt-3 text-3xl font-extrabold tracking-tight">{title}</h1>
          {intro}
        </div>
        {children}
      </div>
    </Layout>
  )
}
