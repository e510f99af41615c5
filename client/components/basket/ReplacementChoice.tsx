import type { BasketLine, SimilarItems } from '../../../schemas/basket.ts'
import { routePath } from '../../lib/routes.ts'
import { SUBSTITUTES_FIELDS, SUBSTITUTES_INTENT } from '../../../schemas/forms/basket.ts'
import { REPLACE_FOR_QUERY } from '../../lib/substitution-forms.ts'
import { useMoney } from '../../lib/shop-locale.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { useText } from '../../lib/page-text.ts'

/**
 * A line's substitution choice besides the switch (on: best match or the shopper's replacement;
 * off: no substitute): what the store will do, a link that lists the line's similar items, and
 * those items as forms that choose one. Plain forms posting to the basket page, with or without
 * JavaScript (the page reloads with the choice saved).
 */
export function ReplacementChoice({
  line,
  similar,
}: {
  line: BasketLine
  similar: SimilarItems | null
}) {
  const formatMoney = useMoney()
  const text = useText()
  if (line.substitution === 'none') return null
  const listed = similar?.basketLineId === line.basketLineId ? similar : null
  return (
    <div className="text-sm">
      <p>
        {line.replacement ? (
          <>
            {text(MESSAGES.pageIfOutOfStock)} <strong>{line.replacement.name}</strong>
          </>
        ) : (
          <>
            {text(MESSAGES.pageIfOutOfStock)} <strong>{text(MESSAGES.pageBestMatch)}</strong>{' '}
            {text(MESSAGES.pageStoreChooses)}
          </>
        )}{' '}
        <a
          href={`${routePath('basket')}?${REPLACE_FOR_QUERY}=${line.basketLineId}#line-${line.basketLineId}`}
          className="inline-flex min-h-11 items-center font-semibold text-primary underline underline-offset-4"
        >
          {text(MESSAGES.pageChooseAReplacement)}
          <span className="sr-only"> {text(MESSAGES.pageForName, line.name)}</span>
        </a>
      </p>
      {listed ? (
        listed.items.length ? (
          <ul aria-label={text(MESSAGES.pageReplacementsFor, line.name)} className="mt-1 space-y-1">
            {line.replacement ? (
              <li>
                <ChoiceForm
                  line={line}
                  label={text(MESSAGES.pageBestMatchInstead)}
                  replacementItemId={null}
                />
              </li>
            ) : null}
            {listed.items.map((item) => (
              <li key={item.itemId}>
                <ChoiceForm
                  line={line}
                  label={`${item.name} · ${formatMoney(item.price)}`}
                  replacementItemId={item.itemId}
                  current={line.replacement?.itemId === item.itemId}
                />
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1">{text(MESSAGES.pageNoSimilarItems)}</p>
        )
      ) : null}
    </div>
  )
}

function ChoiceForm({
  line,
  label,
  replacementItemId,
  current = false,
}: {
  line: BasketLine
  label: string
  replacementItemId: number | null
  current?: boolean
}) {
  return (
    <form method="post" action={routePath('basket')}>
      <input type="hidden" name={SUBSTITUTES_FIELDS.intent} value={SUBSTITUTES_INTENT} />
      <input type="hidden" name={SUBSTITUTES_FIELDS.basketLineId} value={line.basketLineId} />
      <input
        type="hidden"
        name={SUBSTITUTES_FIELDS.substitution}
        value={replacementItemId === null ? 'best_match' : 'replacement'}
      />
      {replacementItemId !== null ? (
        <input
          type="hidden"
          name={SUBSTITUTES_FIELDS.replacementItemId}
          value={replacementItemId}
        />
      ) : null}
      <button
        type="submit"
        aria-pressed={current}
        className="min-h-11 rounded-full px-3 text-start font-semibold ring-1 ring-black/20 hover:bg-tint aria-pressed:bg-primary aria-pressed:text-white"
      >
        {label}
      </button>
    </form>
  )
}
