import {
  allergenList,
  emphasiseAllergens,
  type FoodInformation,
  type NutritionValues,
} from '../../../schemas/food-information.ts'

/*
 * An item's ingredients and food information (retained Regulation 1169/2011): allergens in bold
 * in the ingredients and listed after them, a nutrition table, storage, origin, net quantity and
 * the food business operator. Headings are h2 on the item page and h3 in the quick view.
 */

type Heading = 'h2' | 'h3'

const NUTRIENTS: ReadonlyArray<{
  label: string
  sub?: boolean
  value: (values: NutritionValues) => string | null
}> = [
  { label: 'Energy', value: (v) => `${v.energyKj} kJ / ${v.energyKcal} kcal` },
  { label: 'Fat', value: (v) => grams(v.fat) },
  { label: 'of which saturates', sub: true, value: (v) => grams(v.saturates) },
  { label: 'Carbohydrate', value: (v) => grams(v.carbohydrate) },
  { label: 'of which sugars', sub: true, value: (v) => grams(v.sugars) },
  { label: 'Fibre', value: (v) => (v.fibre === null ? null : grams(v.fibre)) },
  { label: 'Protein', value: (v) => grams(v.protein) },
  { label: 'Salt', value: (v) => grams(v.salt) },
]

function grams(value: number): string {
  return value < 0.1 && value > 0 ? '<0.1 g' : `${value.toFixed(1)} g`
}

function Title({ as: Tag, id, children }: { as: Heading; id: string; children: string }) {
  const size = Tag === 'h2' ? 'text-lg' : 'text-base'
  return (
    <Tag id={id} className={`${size} font-bold`}>
      {children}
    </Tag>
  )
}

export function FoodFacts({
  ingredients,
  food,
  heading,
  idBase,
}: {
  ingredients: string | null
  food: FoodInformation | null
  heading: Heading
  idBase: string
}) {
  const contains = food?.contains ?? []
  const mayContain = food?.mayContain ?? []
  const nutrition = food?.nutrition ?? null
  const per100Label = nutrition?.per === '100ml' ? 'Per 100 ml' : 'Per 100 g'
  const caption = nutrition
    ? `Typical values ${per100Label.toLowerCase()}${nutrition.portion ? ` and per ${nutrition.portion.size}` : ''}`
    : ''
  const details: Array<[string, string]> = food
    ? [
        ['Storage and use', food.storage ?? ''],
        ['Country of origin', food.origin ?? ''],
        ['Net quantity', food.netQuantity ?? ''],
        [
          'Food business operator',
          food.operator ? `${food.operator.name}, ${food.operator.address}` : '',
        ],
      ].filter((detail): detail is [string, string] => detail[1] !== '')
    : []
  return (
    <>
      {ingredients || contains.length > 0 || mayContain.length > 0 ? (
        <section aria-labelledby={`${idBase}-ingredients`}>
          <Title as={heading} id={`${idBase}-ingredients`}>
            Ingredients
          </Title>
          {ingredients ? (
            <p className="mt-1 text-sm text-ink/80">
              {emphasiseAllergens(ingredients, contains).map((part, index) =>
                part.allergen ? (
                  <strong key={index} className="font-bold text-ink">
                    {part.text}
                  </strong>
                ) : (
                  part.text
                )
              )}
            </p>
          ) : null}
          {contains.length > 0 ? (
            <p className="mt-2 text-sm">
              <strong>Contains:</strong>
              {` ${allergenList(contains)}`}
            </p>
          ) : null}
          {mayContain.length > 0 ? (
            <p className="mt-1 text-sm">
              <strong>May contain:</strong>
              {` ${allergenList(mayContain)}`}
            </p>
          ) : null}
          {ingredients && contains.length > 0 ? (
            <p className="mt-1 text-xs text-ink/75">Allergens are shown in bold.</p>
          ) : null}
        </section>
      ) : null}
      {nutrition ? (
        <section aria-labelledby={`${idBase}-nutrition`}>
          <Title as={heading} id={`${idBase}-nutrition`}>
            Nutrition
          </Title>
          <div className="mt-2 overflow-x-auto">
            <table className="w-full text-start text-sm">
              <caption className="sr-only">{caption}</caption>
              <thead>
                <tr className="border-b border-ink/20">
                  <th scope="col" className="py-1 pe-3 font-semibold">
                    Typical values
                  </th>
                  <th scope="col" className="py-1 pe-3 font-semibold">
                    {per100Label}
                  </th>
                  {nutrition.portion ? (
                    <th scope="col" className="py-1 font-semibold">
                      {`Per ${nutrition.portion.size}`}
                    </th>
                  ) : null}
                </tr>
              </thead>
              <tbody>
                {NUTRIENTS.map((nutrient) => {
                  const per100 = nutrient.value(nutrition.per100)
                  if (per100 === null) return null
                  const portion = nutrition.portion
                  return (
                    <tr key={nutrient.label} className="border-b border-ink/10">
                      <th
                        scope="row"
                        className={`py-1 pe-3 font-normal ${nutrient.sub ? 'ps-4' : ''}`}
                      >
                        {nutrient.label}
                      </th>
                      <td className="py-1 pe-3">{per100}</td>
                      {portion ? <td className="py-1">{nutrient.value(portion.values)}</td> : null}
                    </tr>
                  )
                })}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}
      {details.length > 0 ? (
        <section aria-labelledby={`${idBase}-food-information`}>
          <Title as={heading} id={`${idBase}-food-information`}>
            Food information
          </Title>
          <dl className="mt-1 space-y-2 text-sm">
            {details.map(([term, value]) => (
              <div key={term}>
                <dt className="font-semibold">{term}</dt>
                <dd className="text-ink/80">{value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
    </>
  )
}
