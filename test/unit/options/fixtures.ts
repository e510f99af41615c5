import type { MenuItem, MenuItemOption, MenuItemOptionValue } from '../../../schemas/catalogue.ts'

export function value(id: number, partial: Partial<MenuItemOptionValue> = {}): MenuItemOptionValue {
  return {
    id,
    name: `Value ${id}`,
    extraCost: 0,
    default: false,
    outOfStock: false,
    sizeExtraCost: [],
    ...partial,
  }
}

export function option(
  id: number,
  values: Array<MenuItemOptionValue>,
  partial: Partial<MenuItemOption> = {}
): MenuItemOption {
  return {
    id,
    name: `Option ${id}`,
    placeholder: null,
    minimumSelected: 0,
    maximumSelected: 1,
    displayAsGrid: false,
    mutuallyExclusive: false,
    dependentOn: null,
    dependentOnValueId: null,
    extraCostInstancesThreshold: null,
    isSize: false,
    values,
    ...partial,
  }
}

/**
 * The demo pizza (scripts/demo-data/hot-food.ts): sizes with their own extra cost, a crust whose
 * cost depends on the size, toppings shown once a size is chosen, and dips.
 */
export const SIZE = { id: 1, small: 11, medium: 12, large: 13 } as const
export const CRUST = { id: 2, classic: 21, thin: 22, stuffed: 23 } as const
export const TOPPINGS = { id: 3, cheese: 31, pepperoni: 32, mushrooms: 33 } as const
export const DIPS = { id: 4, garlic: 41, barbecue: 42 } as const

export const PIZZA = {
  price: 899,
  options: [
    option(
      SIZE.id,
      [
        value(SIZE.small, { name: '10 inch', default: true }),
        value(SIZE.medium, { name: '12 inch', extraCost: 200 }),
        value(SIZE.large, { name: '14 inch', extraCost: 400 }),
      ],
      { name: 'Size', minimumSelected: 1, mutuallyExclusive: true, isSize: true }
    ),
    option(
      CRUST.id,
      [
        value(CRUST.classic, { name: 'Classic', default: true }),
        value(CRUST.thin, { name: 'Thin and crispy' }),
        value(CRUST.stuffed, {
          name: 'Stuffed crust',
          extraCost: 150,
          sizeExtraCost: [
            { id: 1, sizeId: SIZE.small, extraCost: 150 },
            { id: 2, sizeId: SIZE.medium, extraCost: 200 },
            { id: 3, sizeId: SIZE.large, extraCost: 250 },
          ],
        }),
      ],
      { name: 'Crust', minimumSelected: 1, mutuallyExclusive: true }
    ),
    option(
      TOPPINGS.id,
      [
        value(TOPPINGS.cheese, {
          name: 'Mozzarella',
          extraCost: 100,
          sizeExtraCost: [{ id: 4, sizeId: SIZE.large, extraCost: 160 }],
        }),
        value(TOPPINGS.pepperoni, { name: 'Pepperoni', extraCost: 120 }),
        value(TOPPINGS.mushrooms, { name: 'Mushrooms', extraCost: 80, outOfStock: true }),
      ],
      { name: 'Extra toppings', maximumSelected: 6, dependentOn: SIZE.id }
    ),
    option(
      DIPS.id,
      [value(DIPS.garlic, { name: 'Garlic dip', extraCost: 60 }), value(DIPS.barbecue)],
      { name: 'Dips', maximumSelected: 3 }
    ),
  ],
}

/** The pizza as the menu item call answers it. */
export function menuItem(partial: Partial<MenuItem> = {}): MenuItem {
  return {
    id: 501,
    slug: 'margherita-pizza',
    name: 'Margherita pizza',
    size: null,
    category: { id: 40, slug: 'pizza', name: 'Pizza' },
    categoryImage: null,
    badge: { text: 'New', color: '#ffffff', backgroundColor: '#b45309' },
    price: PIZZA.price,
    wasPrice: 999,
    unitPrice: null,
    outOfStock: false,
    tags: [],
    addToBasketType: 'options',
    quickAdd: false,
    ageRestriction: null,
    maxQuantity: null,
    offer: null,
    weighing: null,
    images: {
      originals: '/images/items/pizza.jpg',
      mdpi_1x: '/images/items/pizza@1x.jpg',
      xhdpi_2x: '/images/items/pizza@2x.jpg',
      xxhdpi_3x: '/images/items/pizza@3x.jpg',
      width: 320,
      height: 320,
    },
    description: 'Tomato and mozzarella on a hand-stretched base.',
    ingredients: 'Wheat flour, tomato, mozzarella (milk).',
    food: null,
    options: PIZZA.options,
    breadcrumbs: [{ id: 40, slug: 'pizza', name: 'Pizza' }],
    ...partial,
  }
}
