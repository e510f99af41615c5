/**
 * Made-to-order items of the Hot Food & Deli department, with the option shapes of spec §3:
 * sizes with size extra costs, extras with costs, min/max, mutually exclusive groups, options that
 * depend on another option or on one of its values, and free instances before extras are charged.
 */
export interface OptionValueDefinition {
  name: string
  extraCost?: number
  isDefault?: boolean
  /** Extra cost by size value name (of the item's size option). */
  sizeCosts?: Record<string, number>
}

export interface OptionDefinition {
  /** Local key so other options can depend on this one. */
  key: string
  name: string
  placeholder?: string
  min: number
  max: number
  grid?: boolean
  mutuallyExclusive?: boolean
  isSize?: boolean
  dependsOn?: string
  /** Shown only while this value (by name) of `dependsOn` is chosen. */
  dependsOnValue?: string
  freeInstances?: number
  values: ReadonlyArray<OptionValueDefinition>
}

export interface HotFoodItemDefinition {
  name: string
  price: number
  description: string
  ingredients: string
  tags?: ReadonlyArray<string>
  options: ReadonlyArray<OptionDefinition>
}

export interface HotFoodSubCategory {
  slug: string
  name: string
  items: ReadonlyArray<HotFoodItemDefinition>
}

/** An item's size: exactly one value, the first by default; other options may cost by size. */
function sizeOption(
  name: string,
  grid: boolean,
  values: ReadonlyArray<OptionValueDefinition>
): OptionDefinition {
  return { key: 'size', name, min: 1, max: 1, grid, mutuallyExclusive: true, isSize: true, values }
}

const pizzaSizes = sizeOption('Size', true, [
  { name: '10 inch', isDefault: true },
  { name: '12 inch', extraCost: 200 },
  { name: '14 inch', extraCost: 400 },
])

const pizzaOptions: ReadonlyArray<OptionDefinition> = [
  pizzaSizes,
  {
    key: 'crust',
    name: 'Crust',
    min: 1,
    max: 1,
    mutuallyExclusive: true,
    values: [
      { name: 'Classic', isDefault: true },
      { name: 'Thin and crispy' },
      {
        name: 'Stuffed crust',
        extraCost: 150,
        sizeCosts: { '10 inch': 150, '12 inch': 200, '14 inch': 250 },
      },
    ],
  },
  {
    key: 'toppings',
    name: 'Extra toppings',
    placeholder: 'Add up to 6 toppings',
    min: 0,
    max: 6,
    grid: true,
    dependsOn: 'size',
    values: [
      'Mozzarella',
      'Pepperoni',
      'Mushrooms',
      'Red onion',
      'Peppers',
      'Jalapeños',
      'Chicken',
      'Sweetcorn',
    ].map((name) => ({
      name,
      extraCost: 100,
      sizeCosts: { '10 inch': 100, '12 inch': 130, '14 inch': 160 },
    })),
  },
  {
    key: 'dips',
    name: 'Dips',
    min: 0,
    max: 3,
    values: [
      { name: 'Garlic and herb dip', extraCost: 60 },
      { name: 'Barbecue dip', extraCost: 60 },
      { name: 'Sriracha mayo dip', extraCost: 60 },
    ],
  },
]

const burgerOptions: ReadonlyArray<OptionDefinition> = [
  {
    key: 'meal',
    name: 'Make it a meal?',
    min: 1,
    max: 1,
    mutuallyExclusive: true,
    values: [
      { name: 'No thanks', isDefault: true },
      { name: 'Yes, make it a meal', extraCost: 250 },
    ],
  },
  {
    key: 'side',
    name: 'Choose your side',
    placeholder: 'Pick a side',
    min: 1,
    max: 1,
    mutuallyExclusive: true,
    dependsOn: 'meal',
    dependsOnValue: 'Yes, make it a meal',
    values: [
      { name: 'Fries', isDefault: true },
      { name: 'Sweet potato fries', extraCost: 50 },
      { name: 'Onion rings' },
    ],
  },
  {
    key: 'drink',
    name: 'Choose your drink',
    placeholder: 'Pick a drink',
    min: 1,
    max: 1,
    mutuallyExclusive: true,
    dependsOn: 'meal',
    dependsOnValue: 'Yes, make it a meal',
    values: [
      { name: 'Cola', isDefault: true },
      { name: 'Diet cola' },
      { name: 'Orange' },
      { name: 'Still water' },
    ],
  },
  {
    key: 'extras',
    name: 'Add extras',
    min: 0,
    max: 4,
    values: [
      { name: 'Cheese slice', extraCost: 50 },
      { name: 'Smoked bacon', extraCost: 80 },
      { name: 'Jalapeños', extraCost: 40 },
      { name: 'Fried egg', extraCost: 60 },
    ],
  },
  {
    key: 'remove',
    name: 'Leave out',
    min: 0,
    max: 3,
    values: [{ name: 'No onion' }, { name: 'No sauce' }, { name: 'No salad' }],
  },
]

const drinkSizes = sizeOption('Size', true, [
  { name: 'Regular', isDefault: true },
  { name: 'Large', extraCost: 40 },
])

function hotDrinkOptions(withMilk: boolean): ReadonlyArray<OptionDefinition> {
  const options: Array<OptionDefinition> = [drinkSizes]
  if (withMilk) {
    options.push({
      key: 'milk',
      name: 'Milk',
      placeholder: 'Choose your milk',
      min: 1,
      max: 1,
      mutuallyExclusive: true,
      values: [
        { name: 'Whole milk', isDefault: true },
        { name: 'Semi-skimmed milk' },
        { name: 'Oat drink', extraCost: 30, sizeCosts: { Regular: 30, Large: 40 } },
        { name: 'Soya drink', extraCost: 30, sizeCosts: { Regular: 30, Large: 40 } },
      ],
    })
  }
  options.push(
    {
      key: 'syrup',
      name: 'Syrups',
      placeholder: 'First syrup free',
      min: 0,
      max: 3,
      freeInstances: 1,
      values: ['Vanilla', 'Caramel', 'Hazelnut'].map((name) => ({
        name: `${name} syrup`,
        extraCost: 40,
      })),
    },
    {
      key: 'shot',
      name: 'Extra shot',
      min: 0,
      max: 2,
      values: [{ name: 'Extra espresso shot', extraCost: 60 }],
    }
  )
  return options
}

const sandwichOptions: ReadonlyArray<OptionDefinition> = [
  {
    key: 'bread',
    name: 'Bread',
    min: 1,
    max: 1,
    grid: true,
    mutuallyExclusive: true,
    values: [
      { name: 'White sub', isDefault: true },
      { name: 'Wholemeal sub' },
      { name: 'Seeded sub', extraCost: 30 },
      { name: 'Tortilla wrap' },
    ],
  },
  {
    key: 'fillings',
    name: 'Fillings',
    placeholder: 'Two fillings included, then 75p each',
    min: 1,
    max: 4,
    freeInstances: 2,
    values: ['Roast chicken', 'Ham', 'Tuna mayo', 'Cheddar', 'Egg mayo', 'Falafel', 'Bacon'].map(
      (name) => ({
        name,
        extraCost: 75,
      })
    ),
  },
  {
    key: 'salad',
    name: 'Salad',
    min: 0,
    max: 5,
    grid: true,
    values: ['Lettuce', 'Tomato', 'Cucumber', 'Red onion', 'Peppers'].map((name) => ({ name })),
  },
  {
    key: 'sauce',
    name: 'Sauce',
    min: 0,
    max: 2,
    values: ['Mayonnaise', 'Sweet chilli', 'Barbecue', 'Mustard'].map((name) => ({ name })),
  },
]

const chipsSizes = sizeOption('Portion', false, [
  { name: 'Regular', isDefault: true },
  { name: 'Large', extraCost: 100 },
])

export const HOT_FOOD: ReadonlyArray<HotFoodSubCategory> = [
  {
    slug: 'pizza',
    name: 'Pizza',
    items: [
      [
        'Margherita pizza',
        599,
        'Tomato sauce and mozzarella on a hand-stretched base.',
        ['vegetarian'],
      ],
      ['Pepperoni pizza', 699, 'Tomato sauce, mozzarella and plenty of pepperoni.', []],
      ['Barbecue chicken pizza', 749, 'Barbecue sauce, chicken, red onion and peppers.', []],
      [
        'Veggie supreme pizza',
        699,
        'Mushrooms, peppers, onion, sweetcorn and olives.',
        ['vegetarian'],
      ],
      ['Meat feast pizza', 799, 'Pepperoni, ham, beef and sausage.', []],
      ['Ham and pineapple pizza', 699, 'Ham and pineapple on tomato and mozzarella.', []],
    ].map(([name, price, description, tags]) => ({
      name: name as string,
      price: price as number,
      description: description as string,
      ingredients:
        'Wheat flour, tomato, mozzarella (milk), olive oil, yeast, salt, toppings as named.',
      tags: tags as Array<string>,
      options: pizzaOptions,
    })),
  },
  {
    slug: 'burgers',
    name: 'Burgers',
    items: [
      [
        'Classic beef burger',
        549,
        'A quarter-pound beef patty with lettuce, tomato and burger sauce.',
        [],
      ],
      ['Double cheeseburger', 699, 'Two beef patties, two cheese slices, pickles and ketchup.', []],
      ['Crispy chicken burger', 599, 'Buttermilk chicken fillet, lettuce and mayo.', []],
      [
        'Halloumi burger',
        599,
        'Grilled halloumi, roasted pepper and sweet chilli.',
        ['vegetarian'],
      ],
      [
        'Plant based burger',
        599,
        'A plant based patty with vegan mayo and salad.',
        ['vegan', 'vegetarian'],
      ],
    ].map(([name, price, description, tags]) => ({
      name: name as string,
      price: price as number,
      description: description as string,
      ingredients: 'Brioche bun (wheat, egg, milk), filling as named, salad, sauce (egg, mustard).',
      tags: tags as Array<string>,
      options: burgerOptions,
    })),
  },
  {
    slug: 'hot-drinks',
    name: 'Hot Drinks',
    items: [
      ['Americano', 220, 'Double espresso topped up with hot water.', false],
      ['Latte', 290, 'Espresso with steamed milk and a little foam.', true],
      ['Cappuccino', 290, 'Espresso with equal parts steamed milk and foam.', true],
      ['Flat white', 300, 'A double ristretto with velvety steamed milk.', true],
      ['Mocha', 320, 'Espresso, chocolate and steamed milk.', true],
      ['Hot chocolate', 290, 'Rich hot chocolate made with steamed milk.', true],
      ['English breakfast tea', 180, 'A pot-strength black tea.', true],
      ['Chai latte', 310, 'Spiced chai with steamed milk.', true],
    ].map(([name, price, description, withMilk]) => ({
      name: name as string,
      price: price as number,
      description: description as string,
      ingredients: withMilk ? 'Coffee or tea, milk (or the drink chosen).' : 'Coffee, water.',
      tags: ['vegetarian'],
      options: hotDrinkOptions(withMilk as boolean),
    })),
  },
  {
    slug: 'deli-sandwiches',
    name: 'Deli Sandwiches',
    items: [
      ['Build your own sub', 349, 'Pick your bread, fillings, salad and sauce.'],
      ['Chicken club sub', 449, 'Roast chicken, bacon, cheese and salad.'],
      ['Tuna melt sub', 399, 'Tuna mayo and melted cheddar, toasted.'],
      ['BLT sub', 399, 'Smoked bacon, lettuce and tomato.'],
      ['Ham and cheese toastie', 349, 'Ham and cheddar toasted until golden.'],
      ['Falafel wrap', 399, 'Falafel, houmous and salad in a tortilla.'],
    ].map(([name, price, description]) => ({
      name: name as string,
      price: price as number,
      description: description as string,
      ingredients: 'Bread (wheat, sesame), fillings as chosen, salad, sauce (egg, mustard).',
      options: sandwichOptions,
    })),
  },
  {
    slug: 'hot-food-counter',
    name: 'Hot Food Counter',
    items: [
      {
        name: 'Breakfast roll',
        price: 299,
        description: 'A soft white roll with your choice of breakfast fillings.',
        ingredients: 'White roll (wheat), fillings as chosen.',
        options: [
          {
            key: 'fillings',
            name: 'Fillings',
            min: 1,
            max: 3,
            freeInstances: 2,
            values: ['Bacon', 'Sausage', 'Fried egg', 'Hash brown'].map((name) => ({
              name,
              extraCost: 70,
            })),
          },
          {
            key: 'sauce',
            name: 'Sauce',
            min: 0,
            max: 1,
            mutuallyExclusive: true,
            values: [{ name: 'Ketchup' }, { name: 'Brown sauce' }],
          },
        ],
      },
      {
        name: 'Chips',
        price: 249,
        description: 'Chunky chips cooked to order.',
        ingredients: 'Potatoes, sunflower oil, salt.',
        tags: ['vegan', 'vegetarian'],
        options: [
          chipsSizes,
          {
            key: 'toppings',
            name: 'Toppings',
            min: 0,
            max: 2,
            dependsOn: 'size',
            values: [
              { name: 'Cheese', extraCost: 80, sizeCosts: { Regular: 80, Large: 120 } },
              { name: 'Gravy', extraCost: 60, sizeCosts: { Regular: 60, Large: 90 } },
              { name: 'Curry sauce', extraCost: 60, sizeCosts: { Regular: 60, Large: 90 } },
            ],
          },
        ],
      },
      ...[
        ['Sausage roll', 130, 'Flaky pastry around seasoned pork sausage meat.'],
        ['Steak bake', 210, 'Chunks of beef in gravy wrapped in puff pastry.'],
        ['Cheese and onion bake', 190, 'Cheddar, onion and potato in puff pastry.'],
        ['Chicken tikka slice', 190, 'Spiced chicken tikka in puff pastry.'],
        ['Hash brown', 80, 'A crispy golden hash brown.'],
      ].map(([name, price, description]) => ({
        name: name as string,
        price: price as number,
        description: description as string,
        ingredients: 'Wheat flour, butter (milk), filling as named.',
        options: [],
      })),
    ],
  },
]
