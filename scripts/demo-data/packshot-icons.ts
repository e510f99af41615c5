// The drawing each demo item shows (ADR 033): a Fluent Emoji Flat icon (MIT, Microsoft), drawn as
// the produce itself or printed on the pack's label. Chosen per sub-category: its rules (first
// match on the item's name wins), then its default. null means no icon fits (a sauce with no
// drawing of its own, tobacco in plain packs): the pack is drawn with its label only.
import { DEPARTMENTS } from './catalogue.ts'
import { HOT_FOOD } from './hot-food.ts'
import { expandLine, rangeTiers } from './product-lines.ts'

type Rules = ReadonlyArray<readonly [RegExp, string | null]>

interface SubCategoryIcons {
  rules?: Rules
  otherwise: string | null
}

const FRUIT: Rules = [
  // No drawing of a raspberry: not a blueberry either.
  [/raspberr/i, null],
  [/banana/i, 'banana'],
  [/granny smith|sparkling apple/i, 'green-apple'],
  [/pineapple/i, 'pineapple'],
  [/strawberr|summer fruits/i, 'strawberry'],
  [/apple/i, 'red-apple'],
  [/pear/i, 'pear'],
  [/clementine|orange|marmalade|tangerine/i, 'tangerine'],
  [/lemon/i, 'lemon'],
  [/lime/i, 'lime'],
  [/green (seedless )?grape/i, 'green-grapes'],
  [/grape|sultana|raisin/i, 'grapes'],
  [/blueberr|berry|berries/i, 'blueberries'],
  [/avocado|guacamole/i, 'avocado'],
  [/watermelon/i, 'watermelon'],
  [/melon/i, 'melon'],
  [/mango/i, 'mango'],
  [/kiwi/i, 'kiwi-fruit'],
  [/nectarine|peach|apricot/i, 'peach'],
  [/cherr/i, 'cherries'],
  [/coconut/i, 'coconut'],
  [/tropical/i, 'pineapple'],
]

const VEGETABLES: Rules = [
  [/sweet potato/i, 'roasted-sweet-potato'],
  [/cherry tomato|tomato/i, 'tomato'],
  [/potato|hash brown/i, 'potato'],
  [/carrot/i, 'carrot'],
  [/broccoli|cauliflower/i, 'broccoli'],
  [/garlic/i, 'garlic'],
  [/onion/i, 'onion'],
  [/mushroom/i, 'brown-mushroom'],
  [/pepper/i, 'bell-pepper'],
  [/courgett|cucumber|tzatziki/i, 'cucumber'],
  [/aubergine/i, 'eggplant'],
  [/\bpeas\b|petits pois|green beans/i, 'pea-pod'],
  [/corn/i, 'ear-of-corn'],
  [/ginger/i, 'ginger-root'],
  [/lettuce|spinach|rocket|leek|celery/i, 'leafy-green'],
  [/salad|coleslaw/i, 'green-salad'],
  [/basil|coriander|parsley|mint|chives|rosemary|thyme|oregano|herb/i, 'herb'],
]

const CURRY = /tikka|korma|masala|jalfrezi|madras|curry/i

const ICONS: Record<string, SubCategoryIcons> = {
  // Fresh food: the produce is the drawing.
  'fresh-fruit': { rules: FRUIT, otherwise: null },
  'fresh-vegetables': { rules: VEGETABLES, otherwise: null },
  'salad-herbs': { rules: VEGETABLES, otherwise: null },
  'prepared-veg': {
    rules: [
      [/stir fry/i, 'bell-pepper'],
      [/soup mix|swede/i, 'carrot'],
      [/fruit salad/i, 'grapes'],
      ...FRUIT,
      ...VEGETABLES,
    ],
    otherwise: null,
  },
  bread: { otherwise: 'bread' },
  'rolls-wraps': {
    rules: [
      [/bagel/i, 'bagel'],
      [/tortilla|pitta|naan/i, 'flatbread'],
      [/baguette/i, 'baguette-bread'],
      [/crumpet/i, 'pancakes'],
    ],
    otherwise: 'bread',
  },
  'cakes-treats': {
    rules: [
      [/muffin/i, 'cupcake'],
      [/croissant|pain au chocolat/i, 'croissant'],
      [/doughnut/i, 'doughnut'],
      [/scone|hot cross/i, 'bread'],
      [/flapjack|shortbread/i, 'cookie'],
      [/brownie|mini rolls/i, 'chocolate-bar'],
    ],
    otherwise: 'shortcake',
  },
  milk: { otherwise: 'glass-of-milk' },
  'plant-milk': { rules: [[/coconut/i, 'coconut']], otherwise: 'glass-of-milk' },
  'butter-spreads': {
    rules: [
      [/garlic/i, 'garlic'],
      [/sunflower/i, 'sunflower'],
      [/olive/i, 'olive'],
    ],
    otherwise: 'butter',
  },
  cheese: { otherwise: 'cheese-wedge' },
  yoghurts: {
    rules: [...FRUIT, [/rice pudding/i, 'cooked-rice'], [/mousse|caramel|trifle/i, 'custard']],
    otherwise: 'bowl-with-spoon',
  },
  'cream-eggs': { rules: [[/eggs/i, 'egg']], otherwise: 'glass-of-milk' },
  chicken: { otherwise: 'poultry-leg' },
  'beef-lamb': {
    rules: [
      [/burger/i, 'hamburger'],
      [/joint|shoulder|chops/i, 'meat-on-bone'],
    ],
    otherwise: 'cut-of-meat',
  },
  'pork-sausages': {
    rules: [
      [/sausage|chipolata/i, 'hot-dog'],
      [/bacon/i, 'bacon'],
      [/joint/i, 'meat-on-bone'],
    ],
    otherwise: 'cut-of-meat',
  },
  'fish-seafood': { rules: [[/prawn/i, 'shrimp']], otherwise: 'fish' },
  'ready-meals': {
    rules: [
      [CURRY, 'curry-rice'],
      [/spaghetti|bolognese|macaroni/i, 'spaghetti'],
      [/lasagne/i, 'shallow-pan-of-food'],
      [/pie/i, 'pie'],
      [/sweet and sour/i, 'takeout-box'],
    ],
    otherwise: 'pot-of-food',
  },
  'cooked-meats': {
    rules: [
      [/chicken|turkey/i, 'poultry-leg'],
      [/pork pie|sausage roll/i, 'pie'],
      [/scotch egg/i, 'egg'],
    ],
    otherwise: 'cut-of-meat',
  },
  'pizza-pasta': {
    rules: [
      [/pizza/i, 'pizza'],
      [/tortelloni|gnocchi/i, 'dumpling'],
      [/pesto/i, 'herb'],
      [/tomato|arrabbiata/i, 'tomato'],
      [/garlic bread/i, 'baguette-bread'],
    ],
    otherwise: 'spaghetti',
  },
  'dips-snacks': {
    rules: [
      [/houmous/i, 'bowl-with-spoon'],
      [/soup/i, 'steaming-bowl'],
      [/pasta/i, 'spaghetti'],
      [/samosa/i, 'dumpling'],
      [/salsa/i, 'tomato'],
      [/chive/i, 'herb'],
      ...VEGETABLES,
      ...FRUIT,
    ],
    otherwise: 'bowl-with-spoon',
  },
  'vegetarian-vegan': {
    rules: [
      [/burger/i, 'hamburger'],
      [/sausage/i, 'hot-dog'],
      [/meatballs|mince/i, 'spaghetti'],
      [/chicken/i, 'poultry-leg'],
      [/tofu/i, 'beans'],
      [/falafel/i, 'falafel'],
      [/spring rolls/i, 'dumpling'],
    ],
    otherwise: 'seedling',
  },
  'frozen-veg-chips': {
    rules: [
      [/chips|fries/i, 'french-fries'],
      [/waffle/i, 'waffle'],
      [/mixed vegetables/i, 'carrot'],
      ...VEGETABLES,
    ],
    otherwise: null,
  },
  'frozen-meat-fish': {
    rules: [
      [/scampi/i, 'fried-shrimp'],
      [/prawn/i, 'shrimp'],
      [/chicken/i, 'poultry-leg'],
      [/pounder/i, 'hamburger'],
    ],
    otherwise: 'fish',
  },
  'frozen-pizza-meals': {
    rules: [
      [/pizza/i, 'pizza'],
      [/lasagne/i, 'shallow-pan-of-food'],
      [CURRY, 'curry-rice'],
      [/pie|sausage rolls/i, 'pie'],
      [/spring rolls/i, 'dumpling'],
      [/yorkshire/i, 'bread'],
    ],
    otherwise: 'pot-of-food',
  },
  'ice-cream': {
    rules: [
      [/lollies/i, 'shaved-ice'],
      [/choc ices/i, 'chocolate-bar'],
      [/cones/i, 'soft-ice-cream'],
      [/cheesecake/i, 'shortcake'],
      [/fruit mix|berries/i, 'blueberries'],
    ],
    otherwise: 'ice-cream',
  },
  'tins-cans': {
    rules: [
      [/tuna|sardines/i, 'fish'],
      [/baked beans|beans|chickpeas|lentil(?! and)/i, 'beans'],
      [/soup/i, 'steaming-bowl'],
      [/spaghetti/i, 'spaghetti'],
      [/corned beef/i, 'cut-of-meat'],
      [/fruit cocktail/i, 'cherries'],
      [/custard/i, 'custard'],
      [/hot dog/i, 'hot-dog'],
      ...VEGETABLES,
      ...FRUIT,
    ],
    otherwise: 'canned-food',
  },
  'pasta-rice-noodles': {
    rules: [
      [/noodles/i, 'steaming-bowl'],
      [/rice|couscous|quinoa/i, 'cooked-rice'],
    ],
    otherwise: 'spaghetti',
  },
  cereals: {
    rules: [
      [/pancakes/i, 'pancakes'],
      [/cereal bars/i, 'sheaf-of-rice'],
    ],
    otherwise: 'bowl-with-spoon',
  },
  'sauces-condiments': {
    rules: [
      [/ketchup|red pesto/i, 'tomato'],
      [/mayonnaise|salad cream/i, 'egg'],
      [/chilli|madras/i, 'hot-pepper'],
      [/mint|green pesto/i, 'herb'],
      [/tartare/i, 'fish'],
      [CURRY, 'curry-rice'],
      [/sweet and sour/i, 'takeout-box'],
      [/bolognese/i, 'spaghetti'],
      [/black bean/i, 'beans'],
      [/gravy granules beef|stock cubes beef/i, 'cut-of-meat'],
      [/chicken/i, 'poultry-leg'],
      [/onion/i, 'onion'],
      [/vegetable/i, 'carrot'],
      [/barbecue/i, 'meat-on-bone'],
      [/piccalilli/i, 'cucumber'],
    ],
    otherwise: null,
  },
  'cooking-ingredients': {
    rules: [
      [/flour/i, 'sheaf-of-rice'],
      [/cocoa|chocolate/i, 'chocolate-bar'],
      [/golden syrup/i, 'honey-pot'],
      [/olive/i, 'olive'],
      [/sunflower/i, 'sunflower'],
      [/cider vinegar/i, 'red-apple'],
      [/salt/i, 'salt'],
      [/paprika|chilli/i, 'hot-pepper'],
      [/curry/i, 'curry-rice'],
      [/garlic/i, 'garlic'],
      [/ginger/i, 'ginger-root'],
      [/coriander|oregano|herbs|basil|thyme/i, 'herb'],
    ],
    otherwise: null,
  },
  'spreads-jams': {
    rules: [
      [/blackcurrant/i, null],
      [/honey/i, 'honey-pot'],
      [/peanut/i, 'peanuts'],
      [/chocolate/i, 'chocolate-bar'],
      ...FRUIT,
    ],
    otherwise: null,
  },
  'tea-coffee': {
    rules: [
      [/peppermint/i, 'herb'],
      [/camomile/i, 'blossom'],
      [/tea/i, 'teacup-without-handle'],
      [/malted/i, 'glass-of-milk'],
    ],
    otherwise: 'hot-beverage',
  },
  'world-foods': {
    rules: [
      [/poppadoms|chapatti/i, 'flatbread'],
      [/fajita/i, 'burrito'],
      [/taco/i, 'taco'],
      [/beans|lentils/i, 'beans'],
      [/jalape|sriracha|harissa/i, 'hot-pepper'],
      [/sushi/i, 'sushi'],
      [/oyster/i, 'oyster'],
      [/basmati/i, 'cooked-rice'],
      [/thai|tikka|masala/i, 'curry-rice'],
      [/teriyaki|hoisin/i, null],
      ...FRUIT,
    ],
    otherwise: null,
  },
  'fizzy-drinks': {
    rules: [
      [/cherry/i, 'cherries'],
      [/ginger/i, 'ginger-root'],
      [/dandelion/i, 'blossom'],
      [/tonic|soda/i, 'tumbler-glass'],
      [/cola|cream soda/i, 'cup-with-straw'],
      ...FRUIT,
    ],
    otherwise: 'cup-with-straw',
  },
  'juice-smoothies': {
    rules: [
      [/cranberry|grapefruit/i, null],
      [/kids/i, 'beverage-box'],
      [/green/i, 'kiwi-fruit'],
      [/tomato/i, 'tomato'],
      ...FRUIT,
    ],
    otherwise: null,
  },
  water: { rules: [[/sparkling/i, 'bubbles'], ...FRUIT], otherwise: 'droplet' },
  'squash-cordial': {
    rules: [[/blackcurrant cordial/i, null], [/elderflower/i, 'blossom'], ...FRUIT],
    otherwise: null,
  },
  'energy-sports': {
    rules: [[/iced coffee/i, 'cup-with-straw'], [/energy/i, 'high-voltage'], ...FRUIT],
    otherwise: 'droplet',
  },
  'beer-lager': { otherwise: 'beer-mug' },
  cider: { rules: [[/dark fruit/i, 'cherries'], ...FRUIT], otherwise: 'red-apple' },
  wine: {
    rules: [[/prosecco|cava|champagne|sparkling/i, 'bottle-with-popping-cork']],
    otherwise: 'wine-glass',
  },
  spirits: {
    rules: [
      [/raspberry/i, null],
      [/mango/i, 'mango'],
      [/seltzer/i, 'lime'],
      [/lemonade/i, 'lemon'],
      [/coffee/i, 'hot-beverage'],
      [/gin|vodka|tequila/i, 'cocktail-glass'],
    ],
    otherwise: 'tumbler-glass',
  },
  crisps: {
    rules: [
      [/cheese/i, 'cheese-wedge'],
      [/popcorn/i, 'popcorn'],
      [/salt and vinegar|sea salt/i, 'salt'],
      [/prawn/i, 'shrimp'],
      [/bacon|pork/i, 'bacon'],
      [/chicken/i, 'poultry-leg'],
      [/chilli/i, 'hot-pepper'],
      [/tortilla/i, 'ear-of-corn'],
      [/pretzel/i, 'pretzel'],
      [/corn/i, 'ear-of-corn'],
      [/rice cakes/i, 'rice-cracker'],
      [/breadsticks/i, 'baguette-bread'],
      [/barbecue/i, 'meat-on-bone'],
    ],
    otherwise: 'potato',
  },
  chocolate: {
    rules: [
      [/peanuts/i, 'peanuts'],
      [/honeycomb/i, 'honey-pot'],
      [/gift|selection/i, 'wrapped-gift'],
    ],
    otherwise: 'chocolate-bar',
  },
  sweets: { rules: [[/lollipop/i, 'lollipop']], otherwise: 'candy' },
  biscuits: { rules: [[/cheese/i, 'cheese-wedge']], otherwise: 'cookie' },
  'nuts-dried-fruit': {
    rules: [
      [/dates|cranberries/i, null],
      [/peanuts|cashew|mixed nuts|almonds|pistachio|brazil|trail mix/i, 'peanuts'],
      ...FRUIT,
    ],
    otherwise: null,
  },
  laundry: { otherwise: 't-shirt' },
  cleaning: {
    rules: [
      [/washing up/i, 'bubbles'],
      [/dishwasher|rinse aid/i, 'fork-and-knife-with-plate'],
      [/glass/i, 'window'],
      [/bathroom|toilet/i, 'toilet'],
      [/floor/i, 'broom'],
      [/sponge|microfibre/i, 'sponge'],
      [/gloves/i, 'gloves'],
    ],
    otherwise: 'sparkles',
  },
  'paper-bags': {
    rules: [
      [/toilet tissue|kitchen roll/i, 'roll-of-paper'],
      [/bin|refuse/i, 'wastebasket'],
      [/sandwich/i, 'sandwich'],
    ],
    otherwise: null,
  },
  'home-essentials': {
    rules: [
      [/batteries/i, 'battery'],
      [/bulb/i, 'light-bulb'],
      [/candle/i, 'candle'],
      [/matches|firelighters|charcoal/i, 'fire'],
      [/linen/i, 'sparkles'],
      [/lavender/i, 'blossom'],
      [/citrus/i, 'lemon'],
      [/plates/i, 'fork-and-knife-with-plate'],
      [/cups/i, 'hot-beverage'],
    ],
    otherwise: null,
  },
  toiletries: {
    rules: [
      [/shower/i, 'shower'],
      [/soap|hand wash/i, 'soap'],
      [/antiperspirant/i, 'lotion-bottle'],
    ],
    otherwise: null,
  },
  'hair-care': {
    rules: [[/^(?!dry shampoo).*(shampoo|conditioner)/i, 'bubbles']],
    otherwise: null,
  },
  'dental-care': { rules: [[/toothbrush|toothpaste/i, 'toothbrush']], otherwise: 'tooth' },
  medicines: {
    rules: [
      [/plasters|antiseptic/i, 'adhesive-bandage'],
      [/rehydration/i, 'droplet'],
    ],
    otherwise: 'pill',
  },
  'skin-care': {
    rules: [
      [/sun cream/i, 'sun'],
      [/cream|lotion/i, 'lotion-bottle'],
      [/razor|shaving/i, 'razor'],
    ],
    otherwise: null,
  },
  'nappies-wipes': { otherwise: 'baby' },
  'baby-food': {
    rules: [
      [/milk/i, 'baby-bottle'],
      [/porridge/i, 'bowl-with-spoon'],
      [/rice cakes/i, 'rice-cracker'],
      [/sweet potato/i, 'roasted-sweet-potato'],
      [/carrot/i, 'carrot'],
      ...FRUIT,
    ],
    otherwise: 'baby',
  },
  'baby-toiletries': {
    rules: [
      [/bath/i, 'bathtub'],
      [/shampoo/i, 'bubbles'],
      [/lotion/i, 'lotion-bottle'],
    ],
    otherwise: 'baby',
  },
  cat: { otherwise: 'cat-face' },
  dog: { rules: [[/chews|biscuits/i, 'bone']], otherwise: 'dog-face' },
  'small-pets': {
    rules: [
      [/bird|fat balls/i, 'bird'],
      [/fish/i, 'tropical-fish'],
    ],
    otherwise: 'hamster',
  },
  // Tobacco is sold in plain packs (UK standardised packaging): no pictures.
  cigarettes: { otherwise: null },
  'rolling-tobacco': { otherwise: null },
  vapes: { otherwise: null },
  stationery: {
    rules: [
      [/gift wrap/i, 'wrapped-gift'],
      [/pens/i, 'pen'],
      [/notepad/i, 'spiral-notepad'],
      [/card|envelopes|stamps/i, 'envelope'],
    ],
    otherwise: null,
  },
  'flowers-gifts': {
    rules: [
      [/tulips/i, 'tulip'],
      [/roses/i, 'rose'],
      [/sunflowers/i, 'sunflower'],
      [/herb/i, 'herb'],
      [/orchid/i, 'potted-plant'],
      [/chocolate/i, 'wrapped-gift'],
    ],
    otherwise: 'bouquet',
  },
  // Hot food and deli.
  pizza: { otherwise: 'pizza' },
  burgers: { otherwise: 'hamburger' },
  'hot-drinks': { rules: [[/tea\b/i, 'teacup-without-handle']], otherwise: 'hot-beverage' },
  'deli-sandwiches': { rules: [[/wrap/i, 'stuffed-flatbread']], otherwise: 'sandwich' },
  'hot-food-counter': {
    rules: [
      [/breakfast roll/i, 'sandwich'],
      [/chips/i, 'french-fries'],
      [/hash brown/i, 'potato'],
    ],
    otherwise: 'pie',
  },
}

/** The icon an item of a sub-category shows, or null when no drawing fits it. */
export function packshotIcon(subCategorySlug: string, name: string): string | null {
  const icons = ICONS[subCategorySlug]
  if (!icons) return null
  const rule = icons.rules?.find(([pattern]) => pattern.test(name))
  return rule ? rule[1] : icons.otherwise
}

/** Every demo item as its sub-category and name: what the icon subset must cover. */
export function demoItemNames(): Array<{ subCategory: string; name: string }> {
  const out: Array<{ subCategory: string; name: string }> = []
  for (const department of DEPARTMENTS) {
    for (const sub of department.subcategories) {
      const lines = sub.lines.flatMap((line, index) => rangeTiers(department.slug, line, index))
      for (const line of lines) {
        for (const item of expandLine(line)) out.push({ subCategory: sub.slug, name: item.name })
      }
    }
  }
  for (const sub of HOT_FOOD) {
    for (const item of sub.items) out.push({ subCategory: sub.slug, name: item.name })
  }
  return out
}

/** The icons the demo's items show, sorted: the subset the worker carries. */
export function demoPackshotIcons(): Array<string> {
  const names = new Set<string>()
  for (const item of demoItemNames()) {
    const icon = packshotIcon(item.subCategory, item.name)
    if (icon) names.add(icon)
  }
  return [...names].sort()
}
