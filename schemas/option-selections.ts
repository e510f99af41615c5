/** One value chosen for an item's option, as an order line keeps it. */
export interface ChosenValue {
  optionName: string
  valueName: string
  quantity: number
}

/**
 * The options chosen for a line as shoppers and staff read them: one text per option, its values
 * after its name once ('Fillings: Ham, 2 × Cheese'), options in the order they were chosen.
 * Listing each value with its option ('Fillings: Ham, Fillings: Cheese') repeated the group.
 */
export function optionSelectionTexts(values: ReadonlyArray<ChosenValue>): Array<string> {
  const byOption = new Map<string, Array<string>>()
  for (const value of values) {
    const text = value.quantity > 1 ? `${value.quantity} × ${value.valueName}` : value.valueName
    const list = byOption.get(value.optionName)
    if (list) list.push(text)
    else byOption.set(value.optionName, [text])
  }
  return [...byOption].map(([option, texts]) =>
    option ? `${option}: ${texts.join(', ')}` : texts.join(', ')
  )
}
