import {
  type OperatorFrame,
  OperatorLayout,
} from '../../../../../client/components/operator/OperatorLayout.tsx'

/** One area on the overview: where it is and what an operator does there. */
export interface OperatorAreaCard {
  label: string
  href: string
  description: string
}

/** /store/operator: the areas of the console, each with what it is for. */
export function OperatorHomePage({
  frame,
  areas,
}: {
  frame: OperatorFrame
  areas: ReadonlyArray<OperatorAreaCard>
}) {
  return (
    <OperatorLayout
      frame={frame}
      title="Operator console"
      intro="Run your brands, stores, catalogue and promotions. Every change is recorded in the audit log."
    >
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {areas.map((area) => (
          <li key={area.href}>
            <a
              href={area.href}
              className="block h-full rounded-2xl border-2 border-black/10 bg-white p-5 hover:border-primary focus-visible:border-primary"
            >
              <span className="text-lg font-bold">{area.label}</span>
              <span className="mt-1 block text-ink/80">{area.description}</span>
            </a>
          </li>
        ))}
      </ul>
    </OperatorLayout>
  )
}
