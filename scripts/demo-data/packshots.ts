// Each demo item's packshot (ADR 033): the pack's kind from its sub-category and name, its size,
// and colours picked per product line by a PRNG seeded from the line, so every size of a line
// shares its design and the rest of the demo data's draws do not move.
import {
  type PackColours,
  type PackKind,
  packshotUrl,
  parsePackshot,
} from '../../schemas/packshot.ts'
import { packshotIcon } from './packshot-icons.ts'
import { createRandom } from './prng.ts'

/** The pack a sub-category's items come in, unless their name says otherwise. */
const KIND_BY_SUB_CATEGORY: Record<string, PackKind> = {
  'fresh-fruit': 'produce',
  'fresh-vegetables': 'produce',
  'salad-herbs': 'produce',
  'prepared-veg': 'bag',
  bread: 'loaf',
  'rolls-wraps': 'bag',
  'cakes-treats': 'box',
  milk: 'bottle',
  'plant-milk': 'carton',
  'butter-spreads': 'tub',
  cheese: 'bar',
  yoghurts: 'tub',
  'cream-eggs': 'tub',
  chicken: 'tray',
  'beef-lamb': 'tray',
  'pork-sausages': 'tray',
  'fish-seafood': 'tray',
  'ready-meals': 'tray',
  'cooked-meats': 'tray',
  'pizza-pasta': 'box',
  'dips-snacks': 'tub',
  'vegetarian-vegan': 'tray',
  'frozen-veg-chips': 'bag',
  'frozen-meat-fish': 'box',
  'frozen-pizza-meals': 'box',
  'ice-cream': 'tub',
  'tins-cans': 'can',
  'pasta-rice-noodles': 'bag',
  cereals: 'box',
  'sauces-condiments': 'bottle',
  'cooking-ingredients': 'bag',
  'spreads-jams': 'jar',
  'tea-coffee': 'box',
  'world-foods': 'jar',
  'fizzy-drinks': 'bottle',
  'juice-smoothies': 'carton',
  water: 'bottle',
  'squash-cordial': 'bottle',
  'energy-sports': 'can',
  'beer-lager': 'can',
  cider: 'can',
  wine: 'bottle',
  spirits: 'bottle',
  crisps: 'bag',
  chocolate: 'bar',
  sweets: 'pouch',
  biscuits: 'bar',
  'nuts-dried-fruit': 'pouch',
  laundry: 'box',
  cleaning: 'bottle',
  'paper-bags': 'bag',
  'home-essentials': 'box',
  toiletries: 'bottle',
  'hair-care': 'bottle',
  'dental-care': 'tube',
  medicines: 'box',
  'skin-care': 'tube',
  'nappies-wipes': 'bag',
  'baby-food': 'pouch',
  'baby-toiletries': 'bottle',
  cat: 'pouch',
  dog: 'pouch',
  'small-pets': 'bag',
  cigarettes: 'box',
  'rolling-tobacco': 'pouch',
  vapes: 'box',
  stationery: 'box',
  'flowers-gifts': 'box',
}

/** Names that tell the pack better than their sub-category does; the first match wins. */
const KIND_BY_NAME: ReadonlyArray<[RegExp, PackKind]> = [
  [/\b(cans?|330ml|440ml|250ml can)\b/i, 'can'],
  [/\beggs?\b/i, 'box'],
  [/\bjuice\b/i, 'carton'],
  [/\b(instant )?coffee\b/i, 'jar'],
  [/\b(honey|peanut butter|jam|marmalade|mayonnaise|pickle|pesto)\b/i, 'jar'],
  [/\btoothpaste\b/i, 'tube'],
  [/\b(coffee|tea|latte|cappuccino|americano|hot chocolate|mocha)\b/i, 'cup'],
  [/\b(pizza|burger|wrap|sandwich|panini|baguette)\b/i, 'box'],
]

/** Pack, label and text colours that read well together (dark text on a light label). */
const PALETTES: ReadonlyArray<PackColours> = [
  { pack: 'c62828', label: 'fff8e7', ink: '7f1d1d' },
  { pack: '1e4fa3', label: 'ffffff', ink: '1e3a8a' },
  { pack: '2e7d32', label: 'f1f8e9', ink: '1b5e20' },
  { pack: 'ef6c00', label: 'fff3e0', ink: '7c2d12' },
  { pack: '6a1b9a', label: 'f3e5f5', ink: '4a148c' },
  { pack: '00796b', label: 'e0f2f1', ink: '004d40' },
  { pack: 'f9a825', label: 'ffffff', ink: '4e342e' },
  { pack: '263238', label: 'ffcc80', ink: '263238' },
  { pack: 'ad1457', label: 'fce4ec', ink: '880e4f' },
  { pack: '6d4c41', label: 'fff8e1', ink: '3e2723' },
  { pack: '0277bd', label: 'e1f5fe', ink: '01579b' },
  { pack: '558b2f', label: 'fffde7', ink: '33691e' },
]

// Own-label tiers look the same across the shop, as supermarkets' do.
const VALUE: PackColours = { pack: '4f8fd6', label: 'ffffff', ink: '0d47a1' }
const PREMIUM: PackColours = { pack: '1c1c1c', label: 'c9a44c', ink: '1c1c1c' }

// Milk comes in a translucent white bottle, whatever its tier; the label's print says which milk
// it is, as the cap's colour does in UK shops.
const MILK_INKS: ReadonlyArray<[RegExp, string]> = [
  [/semi-skimmed/i, '2e7d32'],
  [/skimmed/i, 'c62828'],
  [/1% fat/i, 'ef6c00'],
  [/chocolate/i, '6d4c41'],
  [/./, '1e4fa3'],
]

// Fruit and vegetables are drawn in their own colour with a white price-tag label.
const PRODUCE_COLOURS: ReadonlyArray<[RegExp, string]> = [
  [/banana|lemon|pineapple|corn|swede|squash|melon/i, 'f2c230'],
  [/granny smith/i, '7cb342'],
  [/clementine|orange|carrot|mango|nectarine|peach|sweet potato|apricot/i, 'ef8a22'],
  [
    /lime|pear|courgette|cucumber|broccoli|bean|pea|leek|celery|lettuce|salad|spinach|rocket|kiwi|avocado|herb|basil|coriander|parsley|mint|spring onion|cabbage|sprout|asparagus|green/i,
    '5a9a3a',
  ],
  [/strawberr|raspberr|cherr|tomato|apple|radish|watermelon|pepper|chilli/i, 'c9302c'],
  [/blueberr|grape|plum|aubergine|beetroot|red onion/i, '5b2a6e'],
  [/potato|onion|parsnip|ginger|mushroom|garlic|cauliflower/i, 'c9a77c'],
]

// What a tray shows through its film, by what is in it.
const TRAY_COLOURS: ReadonlyArray<[RegExp, string]> = [
  [/beef|lamb|steak|mince|burger|sausage|chorizo|salami/i, 'b5473f'],
  [/pork|ham|bacon|gammon/i, 'e69b8f'],
  [/salmon|prawn|trout/i, 'f08a5d'],
  [/cod|haddock|fish|pollock|tuna|mackerel/i, 'e8dfcf'],
  [/chicken|turkey/i, 'eec39a'],
]

const WINE_COLOURS: ReadonlyArray<[RegExp, string]> = [
  [/ros[eé]/i, 'e79bb0'],
  [/white|sauvignon|pinot grigio|chardonnay|prosecco|sparkling/i, 'c9c36a'],
  [/./, '5b1a2e'],
]

function firstMatch(table: ReadonlyArray<[RegExp, string]>, name: string): string | undefined {
  return table.find(([pattern]) => pattern.test(name))?.[1]
}

/** A 32-bit FNV-1a hash: the seed of a line's colours. */
function hash(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

// Loose produce drawn by its shape: bananas, roots, leaves and heads; the rest round.
const PRODUCE_SHAPES: ReadonlyArray<[RegExp, PackKind]> = [
  [/tomato/i, 'produce'],
  [/banana/i, 'banana'],
  [/carrot|parsnip|ginger|leek|celery|spring onion|asparagus/i, 'root'],
  [
    /lettuce|salad|spinach|rocket|broccoli|cauliflower|cabbage|kale|herb|basil|coriander|parsley|mint|greens/i,
    'leafy',
  ],
]

/** The pack an item comes in. */
export function packKind(subCategorySlug: string, name: string): PackKind {
  const base = KIND_BY_SUB_CATEGORY[subCategorySlug] ?? 'box'
  if (base === 'produce') return PRODUCE_SHAPES.find(([p]) => p.test(name))?.[1] ?? base
  // Bread keeps its shape whatever its name says.
  if (base === 'loaf') return base
  return KIND_BY_NAME.find(([pattern]) => pattern.test(name))?.[1] ?? base
}

/** The colours of an item's pack: its tier's, its produce's, or its line's own. */
export function packColours(kind: PackKind, line: string, name: string): PackColours {
  if (kind === 'produce' || kind === 'banana' || kind === 'root' || kind === 'leafy') {
    return { pack: firstMatch(PRODUCE_COLOURS, name) ?? '7cb342', label: 'ffffff', ink: '1f2937' }
  }
  if (kind === 'bottle' && /\bmilk\b/i.test(name) && !/coconut/i.test(name)) {
    return { pack: 'dfe6ec', label: 'ffffff', ink: firstMatch(MILK_INKS, name) ?? '1e4fa3' }
  }
  if (/^value\b/i.test(name)) return VALUE
  if (/^premium\b/i.test(name)) return PREMIUM
  const palette = createRandom(hash(line)).pick(PALETTES)
  if (kind === 'tray') return { ...palette, pack: firstMatch(TRAY_COLOURS, name) ?? 'd9a066' }
  if (kind === 'loaf') return { ...palette, pack: 'c0823f' }
  if (kind === 'bottle' && /wine/i.test(line))
    return { ...palette, pack: firstMatch(WINE_COLOURS, name) ?? '5b1a2e' }
  return palette
}

/**
 * The packshot URL of an item of `line` (its product line: every size shares a design), named
 * `name` with `size` on its pack.
 */
export function itemPackshot(
  subCategorySlug: string,
  line: string,
  name: string,
  size: string | null
): string {
  const printed = size && name.endsWith(` ${size}`) ? name.slice(0, -size.length - 1) : name
  // The kind reads the whole name: '330ml can' is in the size.
  const kind = packKind(subCategorySlug, name)
  return packshotUrl({
    kind,
    name: printed,
    size,
    colours: packColours(kind, line, printed),
    icon: packshotIcon(subCategorySlug, name),
  })
}

/** The same packshot with another name printed on it (the benchmark's extra items). */
export function relabelPackshot(url: string, name: string): string {
  const parsed = new URL(url, 'https://demo.invalid')
  const shot = parsePackshot(parsed.pathname, parsed.searchParams)
  if (!shot) throw new Error(`not a packshot: ${url}`)
  const printed =
    shot.size && name.endsWith(` ${shot.size}`) ? name.slice(0, -shot.size.length - 1) : name
  return packshotUrl({ ...shot, name: printed })
}
