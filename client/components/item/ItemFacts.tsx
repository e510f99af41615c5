/** An item's description and ingredients, each under its own heading when it has one. */
export function ItemFacts({
  description,
  ingredients,
}: {
  description: string | null
  ingredients: string | null
}) {
  return (
    <>
      {description ? (
        <section>
          <h3 className="text-base font-bold">Description</h3>
          <p className="mt-1 text-sm text-ink/80">{description}</p>
        </section>
      ) : null}
      {ingredients ? (
        <section>
          <h3 className="text-base font-bold">Ingredients</h3>
          <p className="mt-1 text-sm text-ink/80">{ingredients}</p>
        </section>
      ) : null}
    </>
  )
}
