import type { Crumb } from '../../lib/catalogue-links.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { useText } from '../../lib/page-text.ts'

/** The visible breadcrumb trail (its BreadcrumbList JSON-LD is built from the same crumbs). */
export function Breadcrumbs({ crumbs }: { crumbs: ReadonlyArray<Crumb> }) {
  const text = useText()
  return (
    <nav aria-label={text(MESSAGES.pageBreadcrumb)} className="text-sm">
      <ol className="flex flex-wrap gap-1 text-ink/75">
        {crumbs.map((crumb, index) =>
          index === crumbs.length - 1 ? (
            <li key={crumb.href} aria-current="page" className="font-semibold text-ink">
              {crumb.name}
            </li>
          ) : (
            <li key={crumb.href}>
              <a href={crumb.href} className="underline-offset-4 hover:underline">
                {crumb.name}
              </a>
              <span aria-hidden="true"> / </span>
            </li>
          )
        )}
      </ol>
    </nav>
  )
}
