import {
  allergenList,
  emphasiseAllergens,
  type FoodInformation,
  type NutritionValues,
} from '../../../schemas/food-information.ts'
import { formatNumber, type ShopLocale } from '../../../schemas/locale.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { useText } from '../../lib/page-text.ts'
import { useShopLocale } from '../../lib/shop-locale.ts'

/*
 * An item's ingredients and food information (retained Regulation 1169/2011): allergens in bold
 * in the ingredients and listed after them, a nutrition table, storage, origin, net quantity and
 * the food business operator. Headings are h2 on the item page and h3 in the quick view. Labels
 * are catalogue English, said in the brand's language; grams are written the shop's way.
 */

type Heading = 'h2' | 'h3'

const NUTRIENTS: ReadonlyArray<{
  label: string
  sub?: boolean
  value: (values: NutritionValues, shop: ShopLocale) => string | null
}> = [
  { label: MESSAGES.pageEnergy, value: (v) => `${v.energyKj} kJ / ${v.energyKcal} kcal` },
  { label: MESSAGES.pageFat, value: (v, shop) => grams(v.fat, shop) },
  { label: MESSAGES.pageOfWhichSaturates, sub: true, value: (v, shop) => grams(v.saturates, shop) },
  { label: MESSAGES.pageCarbohydrate, value: (v, shop) => grams(v.carbohydrate, shop) },
  { label: MESSAGES.pageOfWhichSugars, sub: true, value: (v, shop) => grams(v.sugars, shop) },
  {
    label: MESSAGES.pageFibre,
    value: (v, shop) => (v.fibre === null ? null : grams(v.fibre, shop)),
  },
  { label: MESSAGES.pageProtein, value: (v, shop) => grams(v.protein, shop) },
  { label: MESSAGES.pageSalt, value: (v, shop) => grams(v.salt, shop) },
]

// One decimal and no grouping, as the UK label always wrote it ('0.5 g'); a comma in Dutch.
const ONE_DECIMAL = { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false }

function grams(value: number, shop: ShopLocale): string {
  return value < 0.1 && value > 0
    ? `<${formatNumber(0.1, shop, ONE_DECIMAL)} g`
    : `${formatNumber(value, shop, ONE_DECIMAL)} g`
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
  level: heading,
  idBase,
}: {
  ingredients: string | null
  food: FoodInformation | null
  /** The headings' level: h2 on the item page, h3 in the quick view. */
  level: Heading
  idBase: string
}) {
  const text = useText()
  const shop = useShopLocale()
  const contains = food?.contains ?? []
  const mayContain = food?.mayContain ?? []
  const nutrition = food?.nutrition ?? null
  const per100Label = text(
    nutrition?.per === '100ml' ? MESSAGES.pagePer100Ml : MESSAGES.pagePer100G
  )
  const caption = nutrition
    ? nutrition.portion
      ? text(MESSAGES.pageTypicalValuesAndPer, per100Label.toLowerCase(), nutrition.portion.size)
      : text(MESSAGES.pageTypicalValuesPer, per100Label.toLowerCase())
    : ''
  const details: Array<[string, string]> = food
    ? [
        [text(MESSAGES.pageStorageAndUse), food.storage ?? ''],
        [text(MESSAGES.pageCountryOfOrigin), food.origin ?? ''],
        [text(MESSAGES.pageNetQuantity), food.netQuantity ?? ''],
        [
          text(MESSAGES.pageFoodBusinessOperator),
          food.operator ? `${food.operator.name}, ${food.operator.address}` : '',
        ],
      ].filter((detail): detail is [string, string] => detail[1] !== '')
    : []
  return (
    <>
      {ingredients || contains.length > 0 || mayContain.length > 0 ? (
        <section aria-labelledby={`${idBase}-ingredients`}>
          <Title as={heading} id={`${idBase}-ingredients`}>
            {text(MESSAGES.pageIngredients)}
          </Title>
          {ingredients ? (
            <p className="mt-1 text-sm text-ink/80">
              {emphasiseAllergens(ingredients, contains, shop.locale).map((part, index) =>
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
              <strong>{text(MESSAGES.pageContainsColon)}</strong>
              {` ${allergenList(contains, text)}`}
            </p>
          ) : null}
          {mayContain.length > 0 ? (
            <p className="mt-1 text-sm">
              <strong>{text(MESSAGES.pageMayContainColon)}</strong>
              {` ${allergenList(mayContain, text)}`}
            </p>
          ) : null}
          {ingredients && contains.length > 0 ? (
            <p className="mt-1 text-xs text-ink/75">{text(MESSAGES.pageAllergensInBold)}</p>
          ) : null}
        </section>
      ) : null}
      {nutrition ? (
        <section aria-labelledby={`${idBase}-nutrition`}>
          <Title as={heading} id={`${idBase}-nutrition`}>
            {text(MESSAGES.pageNutrition)}
          </Title>
          <div className="mt-2 overflow-x-auto">
            <table className="w-full text-start text-sm">
              <caption className="sr-only">{caption}</caption>
              <thead>
                <tr className="border-b border-ink/20">
                  <th scope="col" className="py-1 pe-3 font-semibold">
                    {text(MESSAGES.pageTypicalValues)}
                  </th>
                  <th scope="col" className="py-1 pe-3 font-semibold">
                    {per100Label}
                  </th>
                  {nutrition.portion ? (
                    <th scope="col" className="py-1 font-semibold">
                      {text(MESSAGES.pagePerPortion, nutrition.portion.size)}
                    </th>
                  ) : null}
                </tr>
              </thead>
              <tbody>
                {NUTRIENTS.map((nutrient) => {
                  const per100 = nutrient.value(nutrition.per100, shop)
                  if (per100 === null) return null
                  const portion = nutrition.portion
                  return (
                    <tr key={nutrient.label} className="border-b border-ink/10">
                      <th
                        scope="row"
                        className={`py-1 pe-3 font-normal ${nutrient.sub ? 'ps-4' : ''}`}
                      >
                        {text(nutrient.label)}
                      </th>
                      <td className="py-1 pe-3">{per100}</td>
                      {portion ? (
                        <td className="py-1">{nutrient.value(portion.values, shop)}</td>
                      ) : null}
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
            {text(MESSAGES.pageFoodInformation)}
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
