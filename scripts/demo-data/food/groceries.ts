import { CUPBOARD, FRIDGE, itself, n, type FoodTemplates } from './templates.ts'

/** The food cupboard, drinks and snacks: what the packs of each sub-category say. */
export const GROCERY_TEMPLATES: FoodTemplates = {
  'tins-cans': [
    {
      ingredients:
        'Haricot beans (51%), tomatoes (34%), water, sugar, spirit vinegar, modified cornflour, salt, spice extracts, herb extract.',
      contains: [],
      per: '100g',
      per100: n(78, 0.2, 0, 12.5, 4.7, 3.7, 4.7, 0.6),
      portion: ['half a can (207 g)', 207],
      storage:
        CUPBOARD +
        ' Once opened, transfer to a covered container, refrigerate and use within 2 days.',
      origin: 'Made in the United Kingdom',
    },
    [
      /tuna|sardine/i,
      {
        ingredients: 'Tuna (fish) (75%), sunflower oil, salt.',
        contains: ['fish'],
        per100: n(159, 6.4, 1, 0, 0, 0, 25, 0.9),
        portion: ['half a can (56 g)', 56],
        origin: 'Caught in the Indian Ocean, canned in Thailand',
      },
    ],
    [
      /soup/i,
      {
        ingredients:
          'Tomatoes (84%), rapeseed oil, sugar, modified cornflour, wheat flour, cream (milk), salt, milk proteins, spice extracts.',
        contains: ['gluten', 'milk'],
        per100: n(57, 3, 0.3, 6.6, 5, 0.6, 0.8, 0.6),
      },
    ],
    [
      /tomatoes/i,
      {
        ingredients: 'Tomatoes (60%), tomato juice, acidity regulator (citric acid).',
        per100: n(22, 0.1, 0, 3.5, 3.5, 0.9, 1.2, 0.02),
        origin: 'Made in Italy',
      },
    ],
    [
      /custard/i,
      {
        ingredients:
          'Skimmed milk, buttermilk (milk), sugar, modified maize starch, palm oil, colours (curcumin, paprika extract), flavouring.',
        contains: ['milk'],
        per100: n(99, 2.9, 1.6, 16, 11.5, 0, 2.7, 0.13),
      },
    ],
    [
      /corned beef|hot dog/i,
      {
        ingredients: 'Beef (97%), salt, sugar, preservative (sodium nitrite).',
        per100: n(205, 12, 5.6, 1, 0.5, 0, 25.9, 1.8),
        origin: 'Made in Brazil',
      },
    ],
    [
      /spaghetti/i,
      {
        ingredients:
          'Tomatoes, water, pasta (durum wheat semolina), sugar, modified cornflour, salt.',
        contains: ['gluten'],
      },
    ],
  ],
  'pasta-rice-noodles': [
    {
      ingredients: 'Durum wheat semolina.',
      contains: ['gluten'],
      mayContain: ['eggs', 'soya'],
      per: '100g',
      per100: n(359, 1.5, 0.3, 71.2, 3.5, 3, 12.5, 0.01),
      portion: ['1 portion uncooked (75 g)', 75],
      storage: CUPBOARD,
      origin: 'Made in Italy',
    },
    [
      /rice|quinoa/i,
      {
        ingredients: itself,
        contains: [],
        per100: n(350, 0.9, 0.2, 77.8, 0.2, 1.3, 7.6, 0.01),
        origin: 'Grown in India and Pakistan',
      },
    ],
    [
      /egg fried rice/i,
      {
        ingredients:
          'Cooked rice (water, long grain rice), egg (8%), peas, rapeseed oil, soy sauce (water, soya beans, wheat, salt), spring onion, salt.',
        contains: ['eggs', 'soya', 'gluten'],
        per100: n(160, 4.5, 0.6, 25, 1, 1.2, 4.5, 0.7),
        portion: ['half a pack (125 g)', 125],
        origin: 'Made in the United Kingdom',
      },
    ],
    [
      /egg noodle/i,
      {
        ingredients: 'Wheat flour, egg (5.5%), salt, acidity regulator (potassium carbonate).',
        contains: ['gluten', 'eggs'],
        origin: 'Made in China',
      },
    ],
    [
      /instant/i,
      {
        ingredients:
          'Noodles (wheat flour, palm oil, salt), seasoning (salt, sugar, curry powder (contains mustard), onion powder, garlic powder, soy sauce powder (soya, wheat)).',
        contains: ['gluten', 'mustard', 'soya'],
        per100: n(448, 18.6, 8.9, 59.2, 3.5, 2.5, 9.1, 2.9),
        portion: ['1 pot (85 g)', 85],
        origin: 'Made in China',
      },
    ],
    [/couscous/i, { ingredients: 'Durum wheat semolina.', origin: 'Made in France' }],
  ],
  cereals: [
    {
      ingredients: 'Wholegrain oats (100%).',
      contains: ['gluten'],
      mayContain: ['tree-nuts', 'milk'],
      per: '100g',
      per100: n(374, 8, 1.5, 60, 1, 9, 11, 0.01),
      portion: ['1 serving (40 g)', 40],
      storage: CUPBOARD,
      origin: 'Made in the United Kingdom with British oats',
    },
    [
      /granola|muesli|bar/i,
      {
        ingredients:
          'Oat flakes (50%), sugar, rapeseed oil, dried fruit, hazelnuts, honey, almonds.',
        contains: ['gluten', 'tree-nuts'],
        mayContain: ['peanuts', 'milk', 'soya'],
        per100: n(440, 16, 2.5, 62, 21, 7.5, 9, 0.05),
      },
    ],
    [
      /wheat biscuit/i,
      {
        ingredients:
          'Wholegrain wheat (95%), malted barley extract, sugar, salt, niacin, iron, riboflavin, thiamin, folic acid.',
        contains: ['gluten'],
        per100: n(362, 2, 0.6, 69, 4.4, 10, 12, 0.28),
      },
    ],
    [
      /pancake/i,
      {
        ingredients: 'Wheat flour, skimmed milk, egg, sugar, rapeseed oil, raising agent, salt.',
        contains: ['gluten', 'milk', 'eggs'],
        per100: n(229, 4.9, 0.6, 38.8, 9.8, 1.3, 6.8, 0.8),
        portion: ['1 pancake (35 g)', 35],
      },
    ],
  ],
  'sauces-condiments': [
    {
      ingredients:
        'Tomatoes (148 g per 100 g ketchup), spirit vinegar, sugar, salt, spice and herb extracts (contain celery), spice.',
      contains: ['celery'],
      per: '100g',
      per100: n(102, 0.1, 0, 22.8, 22.8, 0, 1.2, 1.8),
      portion: ['1 tablespoon (15 g)', 15],
      storage: 'Store in a cool, dry place. Once opened, refrigerate and use within 8 weeks.',
      origin: 'Made in the United Kingdom',
    },
    [
      /mayonnaise|salad cream|tartare/i,
      {
        ingredients:
          'Rapeseed oil (75%), water, pasteurised free range egg yolk (7.9%), spirit vinegar, salt, sugar, lemon juice concentrate, mustard flour.',
        contains: ['eggs', 'mustard'],
        per100: n(721, 79, 5.8, 1.3, 1.3, 0, 1.1, 1.5),
      },
    ],
    [/light mayonnaise/i, { per100: n(263, 27, 2, 5.4, 2.4, 0, 0.7, 1.5) }],
    [
      /mustard/i,
      {
        ingredients: 'Water, mustard flour (26%), sugar, salt, wheat flour, turmeric, citric acid.',
        contains: ['mustard', 'gluten'],
        per100: n(174, 8.2, 0.5, 15.8, 6.9, 2.6, 7.1, 6.6),
      },
    ],
    [
      /soy|teriyaki/i,
      {
        ingredients: 'Water, soya beans, wheat, salt.',
        contains: ['soya', 'gluten'],
        per100: n(67, 0, 0, 6, 1, 0.5, 10, 16.9),
      },
    ],
    [
      /worcestershire/i,
      {
        ingredients:
          'Malt vinegar (barley), spirit vinegar, molasses, sugar, salt, anchovies (fish), tamarind extract, onions, garlic, spice.',
        contains: ['gluten', 'fish'],
      },
    ],
    [
      /pesto/i,
      {
        ingredients:
          'Basil (39%), sunflower oil, cashew nuts, grana padano cheese (milk, egg lysozyme), pecorino cheese (milk), garlic, salt.',
        contains: ['tree-nuts', 'milk', 'eggs'],
        per100: n(427, 43, 5.3, 5.5, 3.9, 2.1, 4.6, 2.8),
      },
    ],
    [
      /gravy|stock/i,
      {
        ingredients:
          'Potato starch, maltodextrin, palm oil, salt, wheat flour, colour (ammonia caramel), flavourings, onion powder, celery.',
        contains: ['gluten', 'celery'],
        per100: n(455, 20, 9.8, 63.1, 2.1, 0.7, 2.6, 11.2),
        portion: ['1 serving made up (50 ml)', 5],
      },
    ],
  ],
  'cooking-ingredients': [
    {
      ingredients: 'Wheat flour (wheat flour, calcium carbonate, iron, niacin, thiamin).',
      contains: ['gluten'],
      per: '100g',
      per100: n(341, 1.4, 0.2, 71, 1.3, 3.1, 10.3, 0.01),
      storage: CUPBOARD,
      origin: 'Milled in the United Kingdom',
    },
    [
      /sugar|syrup/i,
      {
        ingredients: itself,
        contains: [],
        per100: n(400, 0, 0, 100, 100, 0, 0, 0),
        origin: 'Made in the United Kingdom from British sugar beet',
      },
    ],
    [
      /oil/i,
      {
        ingredients: itself,
        contains: [],
        per: '100ml',
        per100: n(828, 92, 13, 0, 0, 0, 0, 0),
        origin: 'Packed in the EU',
      },
    ],
    [
      /vinegar/i,
      { ingredients: itself, contains: [], per: '100ml', per100: n(22, 0, 0, 0.6, 0.6, 0, 0.4, 0) },
    ],
    [/malt vinegar/i, { ingredients: 'Malt vinegar (barley).', contains: ['gluten'] }],
    [
      /salt|pepper|ground|dried|chilli|curry|garlic|baking|bicarbonate|yeast|vanilla/i,
      {
        ingredients: itself,
        contains: [],
        per100: n(250, 4, 0.8, 40, 2, 20, 10, 0.1),
        origin: 'Packed in the United Kingdom',
      },
    ],
    [/curry powder/i, { contains: ['mustard', 'celery'] }],
    [/salt/i, { per100: n(0, 0, 0, 0, 0, 0, 0, 99.8) }],
    [
      /cocoa|chocolate/i,
      {
        ingredients:
          'Sugar, whole milk powder, cocoa butter, cocoa mass, emulsifier (soya lecithins), vanilla extract.',
        contains: ['milk', 'soya'],
        mayContain: ['tree-nuts', 'gluten'],
        per100: n(540, 31, 19, 56, 55, 1.5, 7.3, 0.25),
      },
    ],
  ],
  'spreads-jams': [
    {
      ingredients:
        'Sugar, strawberries, gelling agent (pectin), acidity regulator (citric acid). Prepared with 35 g of fruit per 100 g.',
      contains: [],
      per: '100g',
      per100: n(244, 0.1, 0, 60, 59, 0.8, 0.4, 0.02),
      portion: ['1 teaspoon (15 g)', 15],
      storage: 'Store in a cool, dry place. Once opened, refrigerate and use within 6 weeks.',
      origin: 'Made in the United Kingdom',
    },
    [
      /marmalade/i,
      {
        ingredients:
          'Sugar, Seville oranges, gelling agent (pectin), acidity regulator (citric acid).',
      },
    ],
    [
      /lemon curd/i,
      {
        ingredients:
          'Sugar, glucose syrup, water, free range egg, butter (milk), lemon juice concentrate, gelling agent (pectin).',
        contains: ['eggs', 'milk'],
        per100: n(314, 5.1, 2.5, 65, 56, 0, 1.4, 0.1),
      },
    ],
    [
      /honey/i,
      {
        ingredients: 'Honey.',
        per100: n(329, 0, 0, 81.5, 81.5, 0, 0.4, 0.01),
        origin: 'Blend of EU and non-EU honey',
      },
    ],
    [
      /hazelnut/i,
      {
        ingredients:
          'Sugar, palm oil, hazelnuts (13%), skimmed milk powder, fat reduced cocoa, emulsifier (soya lecithins), vanillin.',
        contains: ['tree-nuts', 'milk', 'soya'],
        per100: n(539, 30.9, 10.6, 57.5, 56.3, 0, 6.3, 0.11),
        origin: 'Made in Italy',
      },
    ],
    [
      /yeast extract/i,
      {
        ingredients:
          'Yeast extract (contains barley and wheat), salt, vegetable extract (celery), niacin, thiamin, spice extract, riboflavin, folic acid, vitamin B12.',
        contains: ['gluten', 'celery'],
        per100: n(260, 0.1, 0.1, 30, 1.1, 3.5, 34, 10.8),
        portion: ['1 serving (4 g)', 4],
      },
    ],
  ],
  'tea-coffee': [
    {
      ingredients: 'Black tea.',
      contains: [],
      per: '100ml',
      per100: n(1, 0, 0, 0, 0, 0, 0.1, 0),
      storage: CUPBOARD,
      origin: 'Blended and packed in the United Kingdom with tea from Kenya and India',
    },
    [
      /coffee/i,
      {
        ingredients: '100% Arabica coffee.',
        origin: 'Roasted in the United Kingdom with coffee from Brazil and Colombia',
      },
    ],
    [
      /hot chocolate|malted/i,
      {
        ingredients:
          'Sugar, fat reduced cocoa powder (21%), dried glucose syrup, skimmed milk powder, coconut oil, salt, flavouring.',
        contains: ['milk'],
        mayContain: ['gluten', 'soya'],
        per: '100g',
        per100: n(388, 6.3, 5.5, 72, 65, 5, 7.5, 0.5),
        portion: ['1 mug made up (25 g powder)', 25],
      },
    ],
    [/malted/i, { contains: ['gluten', 'milk'] }],
  ],
  'world-foods': [
    {
      ingredients:
        'Onion, water, rapeseed oil, tomato purée, spices, garlic, ginger, salt, sugar, coriander.',
      contains: [],
      mayContain: ['mustard', 'celery'],
      per: '100g',
      per100: n(168, 12.5, 1, 10.6, 5.8, 3.9, 2.3, 2.1),
      portion: ['1 serving (50 g)', 50],
      storage: 'Store in a cool, dry place. Once opened, refrigerate and use within 4 weeks.',
      origin: 'Made in the United Kingdom',
    },
    [
      /rice|lentil|chapatti/i,
      {
        ingredients: itself,
        contains: [],
        mayContain: ['gluten'],
        per100: n(350, 1, 0.2, 76, 0.4, 1.5, 8.2, 0.01),
        origin: 'Grown in India',
      },
    ],
    [/chapatti/i, { ingredients: 'Wholemeal wheat flour.', contains: ['gluten'] }],
    [
      /oyster|hoisin|teriyaki/i,
      {
        ingredients:
          'Water, sugar, soy sauce (water, soya beans, wheat, salt), garlic, modified maize starch, sesame oil, salt.',
        contains: ['soya', 'gluten', 'sesame'],
        origin: 'Made in China',
      },
    ],
    [
      /oyster/i,
      {
        ingredients:
          'Water, sugar, oyster extract (molluscs) (12%), salt, modified maize starch, soy sauce (water, soya beans, wheat, salt).',
        contains: ['molluscs', 'soya', 'gluten'],
      },
    ],
    [
      /thai green|curry paste/i,
      {
        ingredients:
          'Green chilli, lemongrass, garlic, shallot, salt, galangal, shrimp paste (crustaceans), kaffir lime, coriander.',
        contains: ['crustaceans'],
        origin: 'Made in Thailand',
      },
    ],
    [
      /coconut/i,
      {
        ingredients: 'Coconut extract (85%), water.',
        contains: [],
        per100: n(197, 19.8, 17.9, 2.4, 2.4, 0.9, 1.6, 0.05),
        origin: 'Made in Thailand',
      },
    ],
    [
      /taco|fajita|poppadom/i,
      {
        ingredients: 'Maize flour, sunflower oil, salt, spices.',
        contains: [],
        mayContain: ['gluten'],
      },
    ],
  ],
  'fizzy-drinks': [
    {
      ingredients:
        'Carbonated water, sugar, acid (citric acid), natural flavourings, sweetener (sucralose), preservative (potassium sorbate).',
      contains: [],
      per: '100ml',
      per100: n(19, 0, 0, 4.5, 4.5, 0, 0, 0.01),
      portion: ['1 can (330 ml)', 330],
      storage: 'Store in a cool, dry place. Best served chilled.',
      origin: 'Made in the United Kingdom',
    },
    [/diet|zero|soda water/i, { per100: n(1, 0, 0, 0, 0, 0, 0, 0.02) }],
    [
      /tonic/i,
      { ingredients: 'Carbonated water, sugar, acid (citric acid), natural flavourings, quinine.' },
    ],
  ],
  'juice-smoothies': [
    {
      ingredients: (name) =>
        `Pure ${itself(name)
          .replace(/^pure /i, '')
          .replace(/ juice\.$/i, '')
          .toLowerCase()} juice.`,
      contains: [],
      per: '100ml',
      per100: n(45, 0, 0, 10, 9.8, 0.2, 0.6, 0),
      portion: ['1 glass (150 ml)', 150],
      storage: 'Keep refrigerated. Once opened, use within 4 days.',
      origin: 'Made in the United Kingdom using fruit from Brazil and Spain',
    },
    [/orange/i, { ingredients: 'Orange juice.' }],
    [
      /cranberry|kids|coconut/i,
      { ingredients: itself, per100: n(24, 0, 0, 5.5, 5.5, 0, 0.1, 0.01) },
    ],
  ],
  water: [
    {
      ingredients: 'Natural mineral water.',
      contains: [],
      per: '100ml',
      per100: n(0, 0, 0, 0, 0, 0, 0, 0),
      storage: 'Store in a cool, dry place away from sunlight and odours.',
      origin: 'Bottled at source in the Peak District, United Kingdom',
    },
    [
      /flavoured/i,
      {
        ingredients:
          'Spring water, natural flavourings, acid (citric acid), sweetener (sucralose), preservative (potassium sorbate).',
        per100: n(2, 0, 0, 0.3, 0.3, 0, 0, 0),
      },
    ],
  ],
  'squash-cordial': [
    {
      ingredients:
        'Water, fruit juice from concentrate (10%), acid (citric acid), natural flavourings, sweeteners (sucralose, acesulfame K), preservative (potassium sorbate).',
      contains: [],
      per: '100ml',
      per100: n(3, 0, 0, 0.4, 0.4, 0, 0, 0),
      portion: ['1 glass diluted (250 ml)', 250],
      storage: 'Store in a cool, dry place. Once opened, refrigerate and use within 4 weeks.',
      origin: 'Made in the United Kingdom',
    },
    [
      /cordial/i,
      {
        ingredients:
          'Sugar, water, fruit juice from concentrate (18%), acid (citric acid), natural flavouring.',
        per100: n(120, 0, 0, 29.9, 29.9, 0, 0, 0),
      },
    ],
  ],
  'energy-sports': [
    {
      ingredients:
        'Carbonated water, sugar, glucose, acid (citric acid), taurine (0.4%), acidity regulator (sodium citrates), flavourings, caffeine (0.03%), vitamins (niacin, B6, B12), colours (caramel, riboflavins).',
      contains: [],
      per: '100ml',
      per100: n(46, 0, 0, 11, 11, 0, 0, 0.1),
      portion: ['1 can (250 ml)', 250],
      storage:
        'Store in a cool, dry place. High caffeine content (32 mg/100 ml). Not recommended for children or pregnant or breast-feeding women.',
      origin: 'Made in Austria',
    },
    [
      /isotonic/i,
      {
        ingredients:
          'Water, glucose syrup, acid (citric acid), sodium citrate, flavouring, sweetener (sucralose).',
        per100: n(28, 0, 0, 6.6, 3.8, 0, 0, 0.13),
        storage: CUPBOARD,
        origin: 'Made in the United Kingdom',
      },
    ],
    [
      /iced coffee/i,
      {
        ingredients: 'Semi-skimmed milk (75%), coffee (12%), sugar, stabiliser (cellulose gum).',
        contains: ['milk'],
        per100: n(62, 1.3, 0.8, 8.7, 8.4, 0, 3.3, 0.1),
        storage: FRIDGE,
      },
    ],
  ],
  'beer-lager': [
    {
      ingredients: 'Water, malted barley, wheat, hops, yeast.',
      contains: ['gluten'],
      per: '100ml',
      per100: null,
      storage: 'Store in a cool, dark place. Best served chilled.',
      origin: 'Brewed in the United Kingdom',
    },
    [/alcohol free/i, { per100: n(21, 0, 0, 4.5, 1.6, 0, 0.3, 0.01) }],
    [
      /mexican|pilsner/i,
      {
        ingredients: 'Water, malted barley, maize, hops.',
        origin: 'Brewed in Mexico or the Czech Republic',
      },
    ],
  ],
  cider: [
    {
      ingredients:
        'Water, fermented apple juice (35%), sugar, carbon dioxide, acid (malic acid), antioxidant (sulphur dioxide).',
      contains: ['sulphites'],
      per: '100ml',
      per100: null,
      storage: 'Store in a cool, dark place. Best served chilled.',
      origin: 'Made in Herefordshire, United Kingdom',
    },
  ],
  wine: [
    {
      ingredients: null,
      contains: ['sulphites'],
      mayContain: ['milk', 'eggs'],
      per: '100ml',
      per100: null,
      storage:
        'Store lying down in a cool, dark place. Once opened, re-seal and drink within 3 days.',
      origin: 'Produce of France, Spain, Italy, Chile, Australia or New Zealand; see label',
    },
    [/english sparkling/i, { origin: 'Produce of England' }],
    [/champagne/i, { origin: 'Produce of France' }],
  ],
  spirits: [
    {
      ingredients: null,
      contains: [],
      per: '100ml',
      per100: null,
      storage: 'Store upright in a cool, dark place.',
      origin: 'Distilled in the United Kingdom',
    },
    [
      /cola|lemonade|tonic|seltzer/i,
      {
        ingredients:
          'Carbonated water, spirit drink, sugar, acid (citric acid), natural flavourings.',
      },
    ],
  ],
  crisps: [
    {
      ingredients: 'Potatoes, sunflower oil (30%), sea salt.',
      contains: [],
      mayContain: ['gluten', 'milk'],
      per: '100g',
      per100: n(532, 32.9, 3, 51.4, 0.6, 4.4, 6.3, 1.28),
      portion: ['1 bag (25 g)', 25],
      storage: CUPBOARD,
      origin: 'Made in the United Kingdom',
    },
    [
      /cheese|puff/i,
      {
        ingredients:
          'Maize, sunflower oil, cheese powder (milk), whey powder (milk), salt, flavour enhancer (monosodium glutamate).',
        contains: ['milk'],
      },
    ],
    [
      /pretzel|breadstick/i,
      {
        ingredients:
          'Wheat flour, rapeseed oil, salt, malted barley flour, raising agent (sodium bicarbonate).',
        contains: ['gluten'],
        per100: n(390, 4.5, 0.6, 76, 2.2, 3.4, 10.5, 2.9),
      },
    ],
    [
      /popcorn/i,
      {
        ingredients: 'Maize, sunflower oil, sugar, salt.',
        per100: n(465, 22, 2.2, 54, 14, 10.6, 8, 1.2),
      },
    ],
    [
      /rice cake/i,
      { ingredients: 'Brown rice, salt.', per100: n(381, 2.8, 0.6, 79, 0.5, 3.3, 8.1, 0.6) },
    ],
    [
      /pork scratching/i,
      {
        ingredients: 'Pork rind, salt, flavour enhancer (monosodium glutamate).',
        per100: n(606, 46, 17, 0.5, 0.5, 0, 48, 2.3),
      },
    ],
  ],
  chocolate: [
    {
      ingredients:
        'Sugar, cocoa butter, whole milk powder, cocoa mass, emulsifier (soya lecithins), vanilla extract. Milk chocolate contains cocoa solids 30% minimum, milk solids 18% minimum.',
      contains: ['milk', 'soya'],
      mayContain: ['tree-nuts', 'peanuts', 'gluten'],
      per: '100g',
      per100: n(534, 30.3, 18.3, 56.9, 56, 2.1, 7.3, 0.24),
      portion: ['4 chunks (25 g)', 25],
      storage: CUPBOARD,
      origin: 'Made in the United Kingdom',
    },
    [
      /dark/i,
      {
        ingredients:
          'Cocoa mass, sugar, cocoa butter, emulsifier (soya lecithins), vanilla extract. Cocoa solids 70% minimum.',
        contains: ['soya'],
        mayContain: ['milk', 'tree-nuts'],
        per100: n(581, 43, 26, 32, 28, 11, 9.4, 0.03),
      },
    ],
    [/peanut/i, { contains: ['milk', 'soya', 'peanuts'] }],
    [/wafer/i, { contains: ['milk', 'soya', 'gluten'], mayContain: ['tree-nuts'] }],
  ],
  sweets: [
    {
      ingredients:
        'Glucose syrup, sugar, gelatine, acids (citric acid, malic acid), fruit juices from concentrate (apple, strawberry, lemon), flavourings, glazing agent (carnauba wax).',
      contains: [],
      per: '100g',
      per100: n(343, 0.1, 0, 77, 50, 0.1, 6.8, 0.05),
      portion: ['1 portion (30 g)', 30],
      storage: CUPBOARD,
      origin: 'Made in the United Kingdom',
    },
    [
      /mint|gum|lollipop/i,
      {
        ingredients:
          'Sugar, glucose syrup, flavourings, acid (citric acid), colour (anthocyanins).',
        per100: n(394, 0.1, 0, 98, 80, 0, 0, 0),
      },
    ],
    [
      /fudge|toffee/i,
      {
        ingredients: 'Sugar, glucose syrup, sweetened condensed milk, butter (milk), salt.',
        contains: ['milk'],
        per100: n(430, 12, 7.5, 79, 70, 0, 2, 0.5),
      },
    ],
  ],
  biscuits: [
    {
      ingredients:
        'Wheat flour (wheat flour, calcium carbonate, iron, niacin, thiamin), sugar, palm oil, wholemeal wheat flour, glucose syrup, raising agents (sodium bicarbonate, ammonium bicarbonate), salt.',
      contains: ['gluten'],
      mayContain: ['milk', 'eggs', 'soya'],
      per: '100g',
      per100: n(477, 20.6, 9.6, 64, 23, 3, 6.6, 0.85),
      portion: ['2 biscuits (25 g)', 25],
      storage: CUPBOARD,
      origin: 'Baked in the United Kingdom',
    },
    [
      /chocolate|caramel/i,
      {
        contains: ['gluten', 'milk', 'soya'],
        mayContain: ['eggs', 'tree-nuts'],
        per100: n(502, 24.7, 12.8, 62.6, 31.2, 3, 6.3, 0.6),
      },
    ],
    [
      /oatcake/i,
      {
        ingredients:
          'Wholegrain oats (87%), sustainable palm fruit oil, salt, raising agent (sodium bicarbonate).',
        per100: n(441, 18, 7, 57, 0.5, 8.3, 10, 1.1),
      },
    ],
    [/cheese cracker/i, { contains: ['gluten', 'milk'] }],
  ],
  'nuts-dried-fruit': [
    {
      ingredients: itself,
      contains: ['tree-nuts'],
      mayContain: ['peanuts', 'sesame'],
      per: '100g',
      per100: n(612, 53, 5.2, 6.9, 4.4, 7.4, 21.2, 0.01),
      portion: ['1 handful (30 g)', 30],
      storage: CUPBOARD,
      origin: 'Packed in the United Kingdom using nuts from more than one country',
    },
    [
      /peanut/i,
      {
        contains: ['peanuts'],
        mayContain: ['tree-nuts', 'sesame'],
        per100: n(614, 52, 8, 8.6, 4.5, 6.5, 26, 1.1),
      },
    ],
    [
      /raisin|sultana|apricot|date|prune|cranberr|fruit$/i,
      {
        contains: [],
        mayContain: ['tree-nuts', 'peanuts'],
        per100: n(296, 0.5, 0.1, 69, 69, 3.6, 2.4, 0.05),
      },
    ],
    [/sulphite|apricot/i, { contains: ['sulphites'] }],
    [
      /trail mix/i,
      {
        ingredients: 'Raisins, peanuts, cashew nuts, almonds, sunflower oil.',
        contains: ['peanuts', 'tree-nuts'],
      },
    ],
  ],
}
