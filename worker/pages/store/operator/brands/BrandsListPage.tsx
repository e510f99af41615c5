import type { BrandSummary } from '../../../../../schemas/operator-brands.ts'
import {
  type OperatorFrame,
  OperatorLayout,
} from '../../../../../client/components/operator/OperatorLayout.tsx'
import { DomainStatus } from './DomainStatus.tsx'
import { STACKED_TABLE_CLASS } from '../../../../../client/components/stacked-table.ts'

/** /store/operator/brands: every brand of the business, its domains and whether it is live. */
export function BrandsListPage({
  frame,
  brands,
  newHref,
  hrefOf,
}: {
  frame: OperatorFrame
  brands: ReadonlyArray<BrandSummary>
  newHref: string
  /** The brand's page and its preview. */
  hrefOf: (brandId: number) => { edit: string; preview: string }
}) {
  return (
    <OperatorLayout
      frame={frame}
      title="Brands"
      intro="Each brand is a shop of its own: its name, look, settings and the domains shoppers reach it on."
      actions={
        <a
          href={newHref}
          className="inline-flex min-h-11 items-center rounded-xl bg-primary px-4 font-bold text-on-primary hover:brightness-90"
        >
          Add a brand
        </a>
      }
    >
      {brands.length === 0 ? (
        <p>No brands yet.</p>
      ) : (
        <div className={STACKED_TABLE_CLASS.box}>
          <table className={`${STACKED_TABLE_CLASS.table} md:min-w-[40rem]`}>
            <caption className="sr-only">Brands</caption>
            <thead className={STACKED_TABLE_CLASS.head}>
              <tr>
                <th scope="col" className="p-3">
                  Name
                </th>
                <th scope="col" className="p-3">
                  Slug
                </th>
                <th scope="col" className="p-3">
                  Domains
                </th>
                <th scope="col" className="p-3">
                  Live
                </th>
                <th scope="col" className="p-3">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className={STACKED_TABLE_CLASS.body}>
              {brands.map((brand) => {
                const href = hrefOf(brand.id)
                return (
                  <tr key={brand.id} className={`${STACKED_TABLE_CLASS.row} align-top`}>
                    <th scope="row" className={`${STACKED_TABLE_CLASS.rowHeader} font-bold`}>
                      <a href={href.edit} className="text-primary underline underline-offset-4">
                        {brand.name}
                      </a>
                    </th>
                    <td data-label="Slug" className={STACKED_TABLE_CLASS.cell}>
                      {/* The slug alone in type: the phone's label beside it stays the page's. */}
                      <span className="font-mono text-sm">{brand.slug}</span>
                    </td>
                    <td data-label="Domains" className={STACKED_TABLE_CLASS.cell}>
                      {brand.domains.length === 0 ? (
                        <span className="text-ink/70">None yet</span>
                      ) : (
                        <ul className="space-y-1">
                          {brand.domains.map((domain) => (
                            <li key={domain.host} className="flex flex-wrap items-center gap-2">
                              <span className="[overflow-wrap:anywhere]">{domain.host}</span>
                              <DomainStatus domain={domain} />
                            </li>
                          ))}
                        </ul>
                      )}
                    </td>
                    <td data-label="Live" className={STACKED_TABLE_CLASS.cell}>
                      {brand.isActive ? 'Live' : 'Not live'}
                    </td>
                    <td data-label="" className={STACKED_TABLE_CLASS.cell}>
                      <a
                        href={href.preview}
                        className="inline-flex min-h-11 items-center font-semibold text-primary underline underline-offset-4"
                      >
                        Preview<span className="sr-only"> {brand.name}</span>
                      </a>
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
    </OperatorLayout>
  )
}
