import type { FoodInformation } from '../../../schemas/food-information.ts'
import { FoodFacts } from './FoodFacts.tsx'
import { MESSAGES } from '../../../schemas/messages.ts'
import { useText } from '../../lib/page-text.ts'

/** An item's description, ingredients and food information, each under its own heading. */
export function ItemFacts({
  description,
  ingredients,
  food,
  idBase,
}: {
  description: string | null
  ingredients: string | null
  food: FoodInformation | null
  idBase: string
}) {
  const text = useText()
  return (
    <>
      {description ? (
        <section>
          <h3 className="text-base font-bold">{text(MESSAGES.pageDescription)}</h3>
          <p className="mt-1 text-sm text-ink/80">{description}</p>
        </section>
      ) : null}
      <FoodFacts ingredients={ingredients} food={food} level="h3" idBase={idBase} />
    </>
  )
}
