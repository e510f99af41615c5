import { describe, expect, it } from 'vitest'
import { optionSelectionTexts } from '../../../schemas/option-selections.ts'

describe('the options chosen for a line, as text', () => {
  it('names each option once, its values after it, in the order chosen', () => {
    expect(
      optionSelectionTexts([
        { optionName: 'Bread', valueName: 'Seeded sub', quantity: 1 },
        { optionName: 'Fillings', valueName: 'Ham', quantity: 1 },
        { optionName: 'Fillings', valueName: 'Cheese', quantity: 2 },
        { optionName: 'Sauce', valueName: 'Mayo', quantity: 1 },
      ])
    ).toEqual(['Bread: Seeded sub', 'Fillings: Ham, 2 × Cheese', 'Sauce: Mayo'])
  })

  it('has no text for no choice', () => {
    expect(optionSelectionTexts([])).toEqual([])
  })
})
