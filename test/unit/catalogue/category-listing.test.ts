import { describe, expect, it } from 'vitest'
import {
  isPlainListing,
  listingChips,
  listingFromQuery,
  listingQuery,
  PLAIN_LISTING,
} from '../../../schemas/category-listing.ts'
import { unitAmount } from '../../../schemas/unit-price.ts'

describe('a category listing from its URL', () => {
  it('reads the sort, on offer and the dietary tags, tags in the list order once each', () => {
    expect(
      listingFromQuery({ sort: 'price-low', offer: '1', diet: ['vegan', 'vegetarian', 'vegan'] })
    ).toEqual({
      sort: 'price-low',
      unknownSort: false,
      filters: { onOffer: true, tags: ['vegetarian', 'vegan'], freeFrom: [] },
    })
  })

  it('falls back to relevance for an unknown sort and says so; ignores unknown tags', () => {
    expect(listingFromQuery({ sort: 'cheapest', offer: 'yes', diet: ['keto'] })).toEqual({
      sort: 'relevance',
      unknownSort: true,
      filters: { onOffer: false, tags: [], freeFrom: [] },
    })
  })

  it('is the plain listing with no query, or an empty sort', () => {
    for (const sort of [undefined, '']) {
      const { unknownSort, ...listing } = listingFromQuery({ sort, offer: undefined, diet: [] })
      expect(unknownSort).toBe(false)
      expect(isPlainListing(listing)).toBe(true)
    }
  })
})

describe('a listing back into a URL', () => {
  it('leaves out every default, so each choice has one URL', () => {
    expect(listingQuery(PLAIN_LISTING)).toBe('')
    expect(listingQuery(PLAIN_LISTING, 2)).toBe('?page=2')
    expect(
      listingQuery(
        {
          sort: 'name',
          filters: { onOffer: true, tags: ['vegan', 'organic'], freeFrom: ['milk', 'peanuts'] },
        },
        3
      )
    ).toBe('?sort=name&offer=1&diet=vegan&diet=organic&free=milk&free=peanuts&page=3')
  })

  it('round-trips through the query reader', () => {
    const listing = {
      sort: 'unit-price',
      filters: { onOffer: true, tags: ['gluten-free'], freeFrom: ['gluten', 'milk'] },
    } as const
    const { unknownSort, ...read } = listingFromQuery({
      sort: 'unit-price',
      offer: '1',
      diet: ['gluten-free'],
      // Allergens come back in the list's order, once each; an unknown one is left out.
      free: ['milk', 'gluten', 'milk', 'wheat'],
    })
    expect(unknownSort).toBe(false)
    expect(read).toEqual(listing)
    expect(listingQuery(read)).toBe(
      '?sort=unit-price&offer=1&diet=gluten-free&free=gluten&free=milk'
    )
  })
})

describe('chips', () => {
  it('has one per choice, each removing only itself', () => {
    const chips = listingChips({
      sort: 'price-high',
      filters: { onOffer: true, tags: ['vegan'], freeFrom: ['eggs'] },
    })
    expect(chips.map((chip) => [chip.label, listingQuery(chip.without)])).toEqual([
      ['Price: high to low', '?offer=1&diet=vegan&free=eggs'],
      ['On offer', '?sort=price-high&diet=vegan&free=eggs'],
      ['Vegan', '?sort=price-high&offer=1&free=eggs'],
      ['Free from eggs', '?sort=price-high&offer=1&diet=vegan'],
    ])
  })

  it('has none for the plain listing', () => {
    expect(listingChips(PLAIN_LISTING)).toEqual([])
  })
})

describe('unit amounts for sorting by price per unit', () => {
  it('is the pack in its unit, null when the size holds no quantity', () => {
    expect(unitAmount('500g')).toBe(0.5)
    expect(unitAmount('4 x 330ml')).toBeCloseTo(1.32)
    expect(unitAmount('6 eggs')).toBe(6)
    expect(unitAmount('each')).toBe(1)
    expect(unitAmount('large')).toBeNull()
    expect(unitAmount(null)).toBeNull()
  })
})
