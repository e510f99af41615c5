import { CUPBOARD, FRIDGE, FROZEN, itself, n, type FoodTemplates } from './templates.ts'

/** Fresh, chilled and frozen food and baby food: what the packs of each sub-category say. */
export const FRESH_FOOD_TEMPLATES: FoodTemplates = {
  'fresh-fruit': [
    {
      ingredients: itself,
      contains: [],
      per: '100g',
      per100: n(52, 0.2, 0, 11.8, 10.4, 2.4, 0.4, 0),
      portion: ['1 portion (80 g)', 80],
      storage: 'Store in a cool place. Wash before eating.',
      origin: 'Origin: see pack; grown in Spain, South Africa or the United Kingdom by season',
    },
    [/banana/i, { per100: n(95, 0.3, 0.1, 20.3, 16.2, 1.4, 1.2, 0) }],
    [/berr|strawberr/i, { per100: n(32, 0.5, 0, 6.1, 6.1, 2, 0.7, 0), storage: FRIDGE }],
  ],
  'fresh-vegetables': [
    {
      ingredients: itself,
      contains: [],
      per: '100g',
      per100: n(35, 0.3, 0.1, 6.2, 3.9, 2.6, 1.2, 0),
      portion: ['1 portion (80 g)', 80],
      storage: 'Store in a cool, dark place or in the fridge. Wash before use.',
      origin: 'Grown in the United Kingdom',
    },
    [/potato/i, { per100: n(77, 0.1, 0, 16.1, 0.6, 1.6, 2, 0), portion: undefined }],
    [/celery/i, { contains: ['celery'] }],
  ],
  'salad-herbs': [
    {
      ingredients: itself,
      contains: [],
      per: '100g',
      per100: n(17, 0.3, 0.1, 2.1, 1.9, 1.3, 1.1, 0),
      portion: ['1 portion (80 g)', 80],
      storage: FRIDGE,
      origin: 'Grown in the United Kingdom',
    },
  ],
  'prepared-veg': [
    {
      ingredients: itself,
      contains: [],
      per: '100g',
      per100: n(40, 0.4, 0.1, 6.5, 4.2, 2.5, 1.6, 0.02),
      portion: ['1 portion (80 g)', 80],
      storage: FRIDGE,
      origin: 'Packed in the United Kingdom using produce from more than one country',
    },
    [
      /coleslaw/i,
      {
        ingredients:
          'Cabbage, carrot, mayonnaise (rapeseed oil, water, egg yolk, spirit vinegar, mustard seed), onion, salt.',
        contains: ['eggs', 'mustard'],
        per100: n(160, 15, 1.2, 5.2, 4.5, 1.6, 1, 0.5),
      },
    ],
    [/fruit|mango|melon/i, { per100: n(48, 0.2, 0, 10.2, 9.8, 1.3, 0.6, 0) }],
  ],
  bread: [
    {
      ingredients:
        'Wheat flour (wheat flour, calcium carbonate, iron, niacin, thiamin), water, yeast, salt, rapeseed oil, soya flour, emulsifier (mono- and diacetyl tartaric acid esters of mono- and diglycerides of fatty acids), flour treatment agent (ascorbic acid).',
      contains: ['gluten', 'soya'],
      mayContain: ['sesame'],
      per: '100g',
      per100: n(235, 1.9, 0.4, 44.6, 3.1, 2.7, 8.9, 0.98),
      portion: ['1 slice (40 g)', 40],
      storage: 'Store in a cool, dry place. Suitable for freezing on the day of purchase.',
      origin: 'Baked in the United Kingdom',
    },
    [
      /gluten free/i,
      {
        ingredients:
          'Water, tapioca starch, rice flour, rapeseed oil, potato starch, egg white, yeast, psyllium husk powder, sugar, salt.',
        contains: ['eggs'],
        mayContain: [],
        per100: n(246, 6.4, 0.6, 40.9, 3.2, 6.8, 3.4, 1.05),
      },
    ],
    [
      /brioche/i,
      {
        ingredients: 'Wheat flour, free range egg, sugar, butter (milk) (8%), water, yeast, salt.',
        contains: ['gluten', 'eggs', 'milk'],
        per100: n(345, 11.8, 6.4, 49.6, 11.2, 2, 8.5, 0.95),
      },
    ],
    [
      /rye/i,
      {
        ingredients: 'Wholemeal rye flour, water, wheat flour, salt, yeast.',
        contains: ['gluten'],
      },
    ],
  ],
  'rolls-wraps': [
    {
      ingredients:
        'Wheat flour (wheat flour, calcium carbonate, iron, niacin, thiamin), water, yeast, rapeseed oil, sugar, salt, soya flour.',
      contains: ['gluten', 'soya'],
      mayContain: ['sesame', 'milk'],
      per: '100g',
      per100: n(262, 3.5, 0.7, 47.8, 4.1, 2.6, 9.2, 1.02),
      portion: ['1 roll (60 g)', 60],
      storage: 'Store in a cool, dry place. Suitable for freezing.',
      origin: 'Baked in the United Kingdom',
    },
    [
      /naan/i,
      {
        ingredients:
          'Wheat flour, water, yoghurt (milk), rapeseed oil, garlic, sugar, yeast, salt, nigella seeds.',
        contains: ['gluten', 'milk'],
      },
    ],
    [
      /croissant|pain au/i,
      {
        ingredients:
          'Wheat flour, butter (milk) (26%), water, sugar, egg, yeast, salt, milk powder.',
        contains: ['gluten', 'milk', 'eggs'],
        per100: n(420, 22.4, 14.1, 44.5, 8.6, 2.1, 8.2, 0.9),
      },
    ],
  ],
  'cakes-treats': [
    {
      ingredients:
        'Wheat flour, sugar, butter (milk), free range egg, glucose syrup, raising agents (disodium diphosphate, sodium bicarbonate), salt.',
      contains: ['gluten', 'milk', 'eggs'],
      mayContain: ['tree-nuts', 'peanuts', 'soya'],
      per: '100g',
      per100: n(410, 18.5, 9.8, 54.2, 32.1, 1.4, 5.3, 0.45),
      portion: ['1 piece (40 g)', 40],
      storage: CUPBOARD,
      origin: 'Baked in the United Kingdom',
    },
    [
      /chocolate|brownie/i,
      {
        ingredients:
          'Sugar, milk chocolate (sugar, cocoa butter, whole milk powder, cocoa mass, emulsifier (soya lecithins)), butter (milk), free range egg, wheat flour, cocoa powder.',
        contains: ['gluten', 'milk', 'eggs', 'soya'],
      },
    ],
  ],
  milk: [
    {
      ingredients: 'Semi-skimmed milk.',
      contains: ['milk'],
      per: '100ml',
      per100: n(47, 1.7, 1.1, 4.8, 4.8, 0, 3.6, 0.11),
      portion: ['1 glass (200 ml)', 200],
      storage: 'Keep refrigerated below 5°C. Once opened, use within 3 days and by the date shown.',
      origin: 'Made with milk from British farms',
    },
    [/whole/i, { ingredients: 'Whole milk.', per100: n(64, 3.6, 2.4, 4.7, 4.7, 0, 3.4, 0.11) }],
    [/skimmed/i, { ingredients: 'Skimmed milk.', per100: n(35, 0.1, 0.1, 5, 5, 0, 3.5, 0.11) }],
    [
      /semi-skimmed/i,
      { ingredients: 'Semi-skimmed milk.', per100: n(47, 1.7, 1.1, 4.8, 4.8, 0, 3.6, 0.11) },
    ],
    [/lactose free/i, { ingredients: 'Semi-skimmed milk, lactase enzyme.' }],
    [
      /long life/i,
      {
        storage:
          'Store in a cool, dry place. Once opened, keep refrigerated and use within 3 days.',
      },
    ],
    [
      /chocolate|milkshake/i,
      {
        ingredients:
          'Semi-skimmed milk, sugar, fat reduced cocoa powder, stabilisers (carrageenan, guar gum).',
        per100: n(69, 1.5, 1, 10.2, 9.9, 0.5, 3.5, 0.14),
        portion: ['1 bottle (330 ml)', 330],
      },
    ],
  ],
  'plant-milk': [
    {
      ingredients:
        'Water, oats (10%), rapeseed oil, calcium carbonate, salt, vitamins (D2, riboflavin, B12).',
      contains: ['gluten'],
      per: '100ml',
      per100: n(46, 1.5, 0.2, 6.7, 4, 0.8, 1, 0.1),
      portion: ['1 glass (200 ml)', 200],
      storage: 'Store in a cool, dry place. Once opened, keep refrigerated and use within 5 days.',
      origin: 'Made in Sweden',
    },
    [
      /soya/i,
      {
        ingredients:
          'Water, hulled soya beans (6.7%), sugar, calcium carbonate, sea salt, stabiliser (gellan gum), vitamins (B2, B12, D2).',
        contains: ['soya'],
        per100: n(39, 1.8, 0.3, 2.5, 2.5, 0.5, 3, 0.09),
      },
    ],
    [
      /almond/i,
      {
        ingredients:
          'Water, almonds (2.3%), calcium carbonate, sea salt, stabilisers (locust bean gum, gellan gum), vitamins (D2, E, B12).',
        contains: ['tree-nuts'],
        per100: n(13, 1.1, 0.1, 0, 0, 0.4, 0.4, 0.13),
      },
    ],
    [
      /rice/i,
      {
        ingredients:
          'Water, rice (14%), sunflower oil, calcium phosphate, sea salt, vitamins (D2, B12).',
        contains: [],
        per100: n(47, 1, 0.1, 9.4, 3.3, 0.1, 0.1, 0.09),
      },
    ],
    [
      /coconut/i,
      {
        ingredients:
          'Water, coconut cream (6%), calcium phosphate, sea salt, stabiliser (gellan gum), vitamins (D2, B12).',
        contains: [],
        per100: n(20, 1.2, 1.1, 2.7, 1.9, 0.1, 0.1, 0.13),
      },
    ],
  ],
  'butter-spreads': [
    {
      ingredients: 'Butter (milk), salt (1.6%).',
      contains: ['milk'],
      per: '100g',
      per100: n(737, 81.1, 52.1, 0.6, 0.6, 0, 0.6, 1.6),
      portion: ['1 portion (10 g)', 10],
      storage: 'Keep refrigerated below 5°C.',
      origin: 'Made in the United Kingdom with British milk',
    },
    [
      /spread|baking block/i,
      {
        ingredients:
          'Plant oils (rapeseed, palm, sunflower), water, buttermilk (milk), salt, emulsifier (mono- and diglycerides of fatty acids), vitamins A and D.',
        per100: n(531, 59, 18, 0.5, 0.5, 0, 0.3, 1.2),
      },
    ],
    [/garlic/i, { ingredients: 'Butter (milk) (78%), garlic (12%), parsley, salt.' }],
    [
      /dairy free/i,
      {
        ingredients:
          'Plant oils (palm, rapeseed, sunflower), water, salt, emulsifier (sunflower lecithin), natural flavouring, vitamins A and D.',
        contains: [],
        mayContain: ['soya'],
      },
    ],
  ],
  cheese: [
    {
      ingredients: 'Cheddar cheese (milk).',
      contains: ['milk'],
      per: '100g',
      per100: n(416, 34.9, 21.7, 0.1, 0.1, 0, 25.4, 1.8),
      portion: ['1 portion (30 g)', 30],
      storage: 'Keep refrigerated below 5°C. Once opened, wrap and use within 7 days.',
      origin: 'Made in the United Kingdom with British milk',
    },
    [
      /mozzarella ball/i,
      {
        ingredients: 'Mozzarella cheese (milk).',
        per100: n(239, 18, 12.6, 1, 1, 0, 18.5, 0.5),
        origin: 'Made in Italy',
      },
    ],
    [
      /brie|camembert/i,
      {
        ingredients: `Soft cheese made with pasteurised cow's milk.`,
        per100: n(334, 27.7, 17.4, 0.5, 0.5, 0, 20.8, 1.5),
        origin: 'Made in France',
      },
    ],
    [
      /feta|halloumi/i,
      {
        ingredients: `Cheese made with pasteurised sheep's and goat's milk, salt.`,
        per100: n(276, 22.5, 15, 0.7, 0.7, 0, 17, 2.6),
        origin: 'Made in Greece or Cyprus',
      },
    ],
    [
      /soft|cottage/i,
      {
        ingredients: 'Soft cheese (milk), salt, stabiliser (carob bean gum).',
        per100: n(98, 4.3, 2.7, 3.1, 3.1, 0, 11, 0.6),
      },
    ],
    [
      /italian/i,
      {
        ingredients: 'Hard cheese (milk), salt, animal rennet, egg lysozyme.',
        contains: ['milk', 'eggs'],
        origin: 'Made in Italy',
      },
    ],
  ],
  yoghurts: [
    {
      ingredients:
        'Yoghurt (milk), sugar, fruit (7%), maize starch, stabiliser (pectin), natural flavouring.',
      contains: ['milk'],
      per: '100g',
      per100: n(96, 2.7, 1.7, 13.1, 12.4, 0.2, 4.2, 0.13),
      portion: ['1 pot (120 g)', 120],
      storage: FRIDGE,
      origin: 'Made in the United Kingdom with British milk',
    },
    [
      /natural|skyr|greek/i,
      {
        ingredients: 'Yoghurt (milk), live cultures.',
        per100: n(62, 0.2, 0.1, 4.1, 4.1, 0, 10.5, 0.1),
      },
    ],
    [
      /mousse|trifle|caramel/i,
      {
        ingredients: 'Milk, sugar, cream (milk), egg, cocoa, gelatine, modified maize starch.',
        contains: ['milk', 'eggs'],
        per100: n(175, 7.9, 5.2, 21.4, 19.8, 0.6, 4.1, 0.15),
      },
    ],
  ],
  'cream-eggs': [
    {
      ingredients: 'Cream (milk).',
      contains: ['milk'],
      per: '100ml',
      per100: n(193, 19.1, 12.1, 3.1, 3.1, 0, 2.6, 0.08),
      portion: ['1 tablespoon (15 ml)', 15],
      storage: 'Keep refrigerated below 5°C. Once opened, use within 3 days.',
      origin: 'Made in the United Kingdom with British milk',
    },
    [
      /double/i,
      { ingredients: 'Double cream (milk).', per100: n(467, 50.5, 31.6, 1.6, 1.6, 0, 1.6, 0.05) },
    ],
    [
      /egg/i,
      {
        ingredients: 'Free range eggs.',
        contains: ['eggs'],
        per: '100g',
        per100: n(131, 9, 2.5, 0, 0, 0, 12.6, 0.35),
        portion: ['1 egg (58 g)', 58],
        storage: 'Keep in a cool, dry place, ideally refrigerated.',
        origin: 'Laid in the United Kingdom',
      },
    ],
  ],
  chicken: [
    {
      ingredients: itself,
      contains: [],
      per: '100g',
      per100: n(106, 1.1, 0.3, 0, 0, 0, 24, 0.14),
      storage: 'Keep refrigerated below 4°C. Cook thoroughly; do not wash raw chicken.',
      origin: 'Origin: United Kingdom (born, reared and slaughtered)',
    },
    [/thigh|drumstick|wing|whole/i, { per100: n(170, 10.2, 2.9, 0, 0, 0, 19.5, 0.2) }],
  ],
  'beef-lamb': [
    {
      ingredients: itself,
      contains: [],
      per: '100g',
      per100: n(192, 12.4, 5.4, 0, 0, 0, 19.8, 0.16),
      storage: 'Keep refrigerated below 4°C. Cook thoroughly.',
      origin: 'Origin: United Kingdom and Ireland (born, reared and slaughtered)',
    },
    [
      /burger/i,
      {
        ingredients:
          'Beef (90%), water, rusk (wheat flour, salt), salt, black pepper, preservative (sodium metabisulphite).',
        contains: ['gluten', 'sulphites'],
      },
    ],
  ],
  'pork-sausages': [
    {
      ingredients: itself,
      contains: [],
      per: '100g',
      per100: n(210, 15.4, 5.6, 0, 0, 0, 17.8, 0.18),
      storage: 'Keep refrigerated below 4°C. Cook thoroughly.',
      origin: 'Origin: United Kingdom (born, reared and slaughtered)',
    },
    [
      /sausage|chipolata/i,
      {
        ingredients:
          'British pork (85%), water, rusk (wheat flour, salt), salt, spices, dextrose, preservative (sodium metabisulphite), white pepper.',
        contains: ['gluten', 'sulphites'],
        per100: n(238, 17.9, 6.7, 7.4, 1, 0.6, 13, 1.4),
      },
    ],
    [
      /gammon|bacon/i,
      {
        ingredients: 'Pork (94%), water, salt, preservatives (sodium nitrite, potassium nitrate).',
        per100: n(137, 5.1, 1.8, 0.5, 0.5, 0, 22, 2.9),
      },
    ],
  ],
  'fish-seafood': [
    {
      ingredients: (name) => `${itself(name).slice(0, -1)} (fish).`,
      contains: ['fish'],
      per: '100g',
      per100: n(105, 1.2, 0.2, 0, 0, 0, 23.4, 0.3),
      storage: 'Keep refrigerated below 4°C. Cook thoroughly. May contain bones.',
      origin: 'Caught in the North East Atlantic',
    },
    [
      /salmon|mackerel/i,
      { per100: n(208, 13.4, 2.5, 0, 0, 0, 20.4, 0.15), origin: 'Farmed in Scotland' },
    ],
    [
      /smoked salmon/i,
      { ingredients: 'Salmon (fish), salt.', per100: n(184, 10.1, 1.9, 0, 0, 0, 23, 2.8) },
    ],
    [
      /prawn/i,
      {
        ingredients: 'King prawns (crustaceans), salt.',
        contains: ['crustaceans'],
        origin: 'Farmed in Vietnam',
      },
    ],
    [/fish pie/i, { ingredients: 'Salmon (fish), smoked haddock (fish), pollock (fish).' }],
  ],
  'ready-meals': [
    {
      ingredients:
        'Cooked pasta (durum wheat semolina, water), beef (20%), tomato, milk, onion, cheddar cheese (milk), butter (milk), wheat flour, tomato purée, garlic, salt, black pepper.',
      contains: ['gluten', 'milk'],
      mayContain: ['eggs', 'celery', 'mustard'],
      per: '100g',
      per100: n(142, 5.8, 2.9, 13.4, 2.8, 1.2, 8.4, 0.55),
      portion: ['1 pack (400 g)', 400],
      storage: 'Keep refrigerated below 5°C. Heat until piping hot throughout.',
      origin: 'Made in the United Kingdom using British and EU beef',
    },
    [
      /curry|tikka|korma/i,
      {
        ingredients:
          'Cooked basmati rice (water, basmati rice), chicken (22%), tomato, onion, cream (milk), yoghurt (milk), rapeseed oil, ginger, garlic, spices, salt.',
        contains: ['milk'],
      },
    ],
  ],
  'cooked-meats': [
    {
      ingredients: (name) =>
        `${itself(name).slice(0, -1)} (95%), salt, dextrose, stabiliser (sodium triphosphate), preservative (sodium nitrite).`,
      contains: [],
      mayContain: ['mustard'],
      per: '100g',
      per100: n(112, 2.5, 0.8, 1.2, 0.8, 0, 21, 1.9),
      portion: ['1 slice (25 g)', 25],
      storage: FRIDGE,
      origin: 'Made in the United Kingdom',
    },
    [
      /chorizo|salami/i,
      {
        ingredients:
          'Pork, salt, paprika, dextrose, garlic, preservatives (sodium nitrite, potassium nitrate).',
        per100: n(410, 34, 12.5, 2.1, 1, 0, 24, 4.1),
        origin: 'Made in Spain',
      },
    ],
    [
      /pie|sausage roll|scotch/i,
      {
        ingredients: 'Wheat flour, pork (30%), lard, water, egg, rusk (wheat), salt, white pepper.',
        contains: ['gluten', 'eggs'],
        per100: n(362, 24.4, 9.9, 25, 0.9, 1.3, 9.7, 1.3),
      },
    ],
    [
      /goujon/i,
      {
        ingredients:
          'Chicken breast (65%), breadcrumb (wheat flour, yeast, salt), rapeseed oil, wheat flour, salt.',
        contains: ['gluten'],
      },
    ],
  ],
  'pizza-pasta': [
    {
      ingredients:
        'Wheat flour, tomato, mozzarella cheese (milk), water, rapeseed oil, yeast, salt, oregano.',
      contains: ['gluten', 'milk'],
      mayContain: ['eggs', 'fish'],
      per: '100g',
      per100: n(236, 8.1, 3.9, 29.5, 3.2, 2, 10.6, 1.1),
      portion: ['half a pizza (200 g)', 200],
      storage: 'Keep refrigerated below 5°C. Cook thoroughly.',
      origin: 'Made in the United Kingdom',
    },
    [
      /fresh|gnocchi/i,
      {
        ingredients: 'Durum wheat semolina, egg (28%), water.',
        contains: ['gluten', 'eggs'],
        per100: n(278, 3.1, 0.9, 49.7, 1.2, 2.1, 12, 0.05),
        portion: ['1 portion (125 g)', 125],
      },
    ],
    [
      /garlic bread/i,
      {
        ingredients: 'Wheat flour, butter (milk) (17%), water, garlic, yeast, parsley, salt.',
        contains: ['gluten', 'milk'],
        per100: n(350, 15, 8.5, 44.5, 2.4, 2.6, 8.2, 1.05),
      },
    ],
  ],
  'dips-snacks': [
    {
      ingredients:
        'Chickpeas (50%), water, tahini (sesame seed paste), rapeseed oil, lemon juice, garlic, salt.',
      contains: ['sesame'],
      mayContain: ['milk', 'mustard'],
      per: '100g',
      per100: n(310, 26.1, 2.3, 9.6, 0.4, 5.8, 7.1, 0.8),
      portion: ['1 portion (50 g)', 50],
      storage: FRIDGE,
      origin: 'Made in the United Kingdom',
    },
    [
      /salad/i,
      {
        ingredients:
          'Cooked pasta (durum wheat semolina, water), mayonnaise (rapeseed oil, water, egg yolk, spirit vinegar, mustard), sweetcorn, red pepper, salt.',
        contains: ['gluten', 'eggs', 'mustard'],
        per100: n(218, 14.2, 1.1, 18.9, 2.4, 1.5, 3.4, 0.6),
      },
    ],
    [
      /bhaji|samosa/i,
      {
        ingredients: 'Onion, gram flour, rapeseed oil, wheat flour, coriander, spices, salt.',
        contains: ['gluten'],
        per100: n(236, 13.4, 1.1, 22.9, 4.5, 4.9, 5.2, 1.1),
      },
    ],
  ],
  'vegetarian-vegan': [
    {
      ingredients:
        'Rehydrated soya protein (50%), rapeseed oil, onion, wheat flour, pea fibre, salt, yeast extract, natural flavouring, black pepper.',
      contains: ['soya', 'gluten'],
      mayContain: ['celery', 'mustard'],
      per: '100g',
      per100: n(203, 10.5, 1, 8, 1.5, 5.4, 17, 1.1),
      portion: ['1 portion (100 g)', 100],
      storage: FRIDGE,
      origin: 'Made in the United Kingdom',
    },
    [
      /tofu/i,
      {
        ingredients: 'Water, soya beans (45%), firming agent (calcium sulphate).',
        contains: ['soya'],
        per100: n(127, 7.6, 1.3, 1, 0.5, 0.8, 13, 0.01),
      },
    ],
    [
      /falafel/i,
      {
        ingredients:
          'Chickpeas (60%), onion, parsley, rapeseed oil, garlic, cumin, coriander, salt.',
        contains: [],
        mayContain: ['sesame'],
      },
    ],
  ],
  'frozen-veg-chips': [
    {
      ingredients: itself,
      contains: [],
      per: '100g',
      per100: n(66, 0.9, 0.2, 9.7, 4.7, 5.1, 5.4, 0),
      portion: ['1 portion (80 g)', 80],
      storage: FROZEN,
      origin: 'Grown and packed in the United Kingdom and the EU',
    },
    [
      /chip|potato|hash|waffle|mash/i,
      {
        ingredients: 'Potatoes (95%), sunflower oil, dextrose, salt.',
        per100: n(162, 5.1, 0.5, 25.2, 0.5, 2.5, 2.5, 0.3),
      },
    ],
  ],
  'frozen-meat-fish': [
    {
      ingredients:
        'Cod (fish) (55%), wheat flour, water, rapeseed oil, wheat starch, salt, raising agent (sodium bicarbonate).',
      contains: ['fish', 'gluten'],
      mayContain: ['crustaceans', 'molluscs'],
      per: '100g',
      per100: n(201, 9.2, 0.8, 17.4, 0.5, 1, 11.4, 0.7),
      portion: ['1 fillet (125 g)', 125],
      storage: FROZEN,
      origin: 'Caught in the North East Atlantic',
    },
    [
      /chicken|nugget|kiev/i,
      {
        ingredients:
          'Chicken breast (60%), breadcrumb (wheat flour, water, salt, yeast), rapeseed oil, wheat flour, salt, black pepper.',
        contains: ['gluten'],
        mayContain: ['milk'],
        origin: 'Made in the United Kingdom',
      },
    ],
    [
      /beef|quarter/i,
      {
        ingredients: 'Beef (90%), onion, wheat flour, salt, black pepper.',
        contains: ['gluten'],
        mayContain: [],
        per100: n(255, 19, 8.5, 4, 1, 0.5, 17, 1),
        origin: 'Made in the United Kingdom and Ireland',
      },
    ],
    [
      /prawn|scampi/i,
      {
        ingredients: 'King prawns (crustaceans), water, salt.',
        contains: ['crustaceans'],
        origin: 'Farmed in Vietnam',
      },
    ],
  ],
  'frozen-pizza-meals': [
    {
      ingredients:
        'Wheat flour, tomato purée, mozzarella cheese (milk), water, rapeseed oil, yeast, sugar, salt, basil.',
      contains: ['gluten', 'milk'],
      mayContain: ['eggs', 'fish', 'mustard'],
      per: '100g',
      per100: n(245, 8.9, 4.1, 30.2, 3.5, 2, 10.8, 1.15),
      portion: ['half a pizza (170 g)', 170],
      storage: FROZEN,
      origin: 'Made in the United Kingdom',
    },
    [
      /yorkshire/i,
      {
        ingredients: 'Water, wheat flour, free range egg, skimmed milk powder, rapeseed oil, salt.',
        contains: ['gluten', 'eggs', 'milk'],
        per100: n(250, 9.1, 1.2, 32.7, 1.5, 1.6, 9.5, 0.5),
        portion: ['1 pudding (20 g)', 20],
      },
    ],
    [
      /sausage roll|spring roll/i,
      {
        ingredients: 'Wheat flour, pork (25%), vegetable oils, water, onion, salt, spices.',
        contains: ['gluten'],
        mayContain: ['soya', 'sesame'],
      },
    ],
  ],
  'ice-cream': [
    {
      ingredients:
        'Reconstituted skimmed milk concentrate, sugar, cream (milk) (10%), glucose syrup, emulsifier (mono- and diglycerides of fatty acids), stabilisers (locust bean gum, guar gum), vanilla extract.',
      contains: ['milk'],
      mayContain: ['tree-nuts', 'peanuts', 'eggs', 'gluten', 'soya'],
      per: '100g',
      per100: n(207, 10.6, 7.1, 24.6, 21.3, 0.2, 3.5, 0.13),
      portion: ['1 scoop (50 g)', 50],
      storage: 'Store at -18°C or colder. Do not refreeze once thawed.',
      origin: 'Made in the United Kingdom',
    },
    [
      /^(Value |Premium )?frozen (fruit|berr)/i,
      {
        ingredients: itself,
        contains: [],
        mayContain: [],
        per100: n(44, 0.2, 0, 8.4, 8.2, 3.4, 0.9, 0),
        portion: ['1 portion (80 g)', 80],
        origin: 'Packed in the EU using fruit from more than one country',
      },
    ],
  ],
  'baby-food': [
    {
      ingredients: (name) =>
        `${itself(name)
          .slice(0, -1)
          .replace(/^Baby food pouch /i, '')}. No added salt or sugar.`,
      contains: [],
      per: '100g',
      per100: n(62, 0.3, 0.1, 12.6, 9.4, 2, 0.9, 0.01),
      storage: 'Store in a cool, dry place. Once opened, refrigerate and use within 24 hours.',
      origin: 'Made in the United Kingdom',
    },
    [
      /porridge|rice cake|puff/i,
      {
        ingredients: 'Wholegrain oat flour, rice flour, fruit powder, vitamin B1, iron.',
        contains: ['gluten'],
        mayContain: ['milk'],
        per100: n(393, 6.3, 1.2, 70, 4.2, 7.5, 10, 0.02),
      },
    ],
    [
      /infant milk|follow on/i,
      {
        ingredients:
          'Skimmed milk, vegetable oils (sunflower, coconut, rapeseed), lactose (milk), whey protein concentrate (milk), galacto-oligosaccharides (milk), fish oil, minerals, vitamins.',
        contains: ['milk', 'fish'],
        per: '100ml',
        per100: n(66, 3.4, 1.3, 7.3, 7.1, 0.6, 1.3, 0.04),
      },
    ],
  ],
}
