import { describe, expect, it } from 'vitest'
import { rowsOf } from '../../scripts/demo-data/dataset.ts'
import { generateDemoData } from '../../scripts/demo-data/generate.ts'
import {
  demoItemNames,
  demoPackshotIcons,
  packshotIcon,
} from '../../scripts/demo-data/packshot-icons.ts'
import { itemPackshot } from '../../scripts/demo-data/packshots.ts'
import { parsePackshot } from '../../schemas/packshot.ts'
import { PACKSHOT_ICONS } from '../../worker/pages/media/packshot-icon-set.ts'
import { packshotSvg } from '../../worker/pages/media/packshot-svg.ts'
import { DEMO_INPUT } from '../support/workers/demo-input.ts'

const parse = (url: string) => {
  const parsed = new URL(url, 'https://shop.test')
  const shot = parsePackshot(parsed.pathname, parsed.searchParams)
  if (!shot) throw new Error(`not a packshot: ${url}`)
  return shot
}

/** The drawing a demo item's packshot shows. */
const drawn = (subCategory: string, line: string, name: string, size: string | null) =>
  packshotSvg(parse(itemPackshot(subCategory, line, name, size)))

const iconBody = (name: string) => {
  const icon = PACKSHOT_ICONS[name]
  if (!icon) throw new Error(`no icon ${name}`)
  return icon.body
}

// Items no Fluent Emoji Flat drawing fits (no such fruit, sauce or toiletry in the set) and
// tobacco (plain packs by law): their pack shows its label only. A new item without a drawing
// must be added here on purpose, or given one in scripts/demo-data/packshot-icons.ts.
const WITHOUT_ICON = [
  'Baking paper',
  'Baking powder',
  'Beetroot',
  'Bicarbonate of soda',
  'Black peppercorns',
  'Blackcurrant cordial',
  'Blackcurrant jam',
  'Brown sauce',
  'Butternut squash',
  'Cigarette lighter',
  'Cling film',
  'Cotton buds',
  'Cotton wool pads',
  'Cranberry juice drink',
  'Cranberry sauce',
  'Dried cranberries',
  'Dry shampoo',
  'E-liquid',
  'English mustard',
  'Face wipes',
  'Fast action dried yeast',
  'Freezer bags',
  'Ground cinnamon',
  'Ground cumin',
  'Ground turmeric',
  'Hair gel',
  'Hairspray',
  'Hand rolling tobacco',
  'Hoisin sauce',
  'Horseradish sauce',
  'Kitchen foil',
  'Lip balm',
  'Malt vinegar',
  'Nicotine pouches',
  'Parsnips',
  'Pitted dates',
  'Plums',
  'Pure grapefruit juice',
  'Radishes',
  'Raspberr',
  'Refillable vape kit',
  'Rolling papers',
  'Sanitary towels',
  'Slim filter tips',
  'Soy sauce',
  'Sticky tape',
  'Sugar',
  'Swede',
  'Tampons',
  'Teriyaki sauce',
  'Tissues',
  'Vanilla extract',
  'Vape pods',
  'Vegetable oil',
  'Wholegrain mustard',
  'Worcestershire sauce',
  'Yeast extract',
  'cigarettes',
]

describe('packshot icons', () => {
  it('the worker carries exactly the icons the demo items use (npm run packshot-icons)', () => {
    expect(Object.keys(PACKSHOT_ICONS).sort()).toEqual(demoPackshotIcons())
  })

  it('every demo item shows a drawing, but for the few listed without one', () => {
    const without = new Set<string>()
    for (const item of demoItemNames()) {
      if (packshotIcon(item.subCategory, item.name) !== null) continue
      const listed = WITHOUT_ICON.find((start) =>
        item.name
          .replace(/^(Value|Premium) /, '')
          .toLowerCase()
          .includes(start.toLowerCase())
      )
      without.add(listed ?? item.name)
    }
    expect([...without].sort()).toEqual([...WITHOUT_ICON].sort())
  })

  it('every demo item and sub-category picture names an icon the worker has, or none', () => {
    const dataset = generateDemoData(DEMO_INPUT)
    const urls = [
      ...rowsOf(dataset, 'menu_items').map((row) => String(row.image_mdpi_1x)),
      ...rowsOf(dataset, 'categories').map((row) => String(row.image_url)),
    ].filter((url) => url.startsWith('/images/packshot/'))
    expect(urls.length).toBeGreaterThan(2000)
    for (const url of urls) {
      const { icon } = parse(url)
      if (icon !== null) expect(Object.hasOwn(PACKSHOT_ICONS, icon), url).toBe(true)
    }
  })

  it('draws each kind as itself: herbs, berries, milk and lettuce', () => {
    const herb = iconBody('herb')
    expect(
      drawn('salad-herbs', 'Fresh {v}|30g:85|Chives,Thyme', 'Fresh chives 30g', '30g')
    ).toContain(herb)
    expect(drawn('salad-herbs', 'x', 'Fresh thyme 30g', '30g')).toContain(herb)
    expect(drawn('fresh-fruit', 'x', 'Strawberries 400g', '400g')).toContain(iconBody('strawberry'))
    expect(drawn('fresh-fruit', 'x', 'Cherries 300g', '300g')).toContain(iconBody('cherries'))
    expect(drawn('fresh-fruit', 'x', 'Granny smith apples 6 pack', '6 pack')).toContain(
      iconBody('green-apple')
    )
    expect(drawn('salad-herbs', 'x', 'Iceberg lettuce', null)).toContain(iconBody('leafy-green'))
    // Green grapes are drawn green, not in the set's purple; red and black ones stay purple.
    const green = drawn('fresh-fruit', 'x', 'Green seedless grapes 500g', '500g')
    expect(green).toContain(iconBody('green-grapes'))
    expect(green).not.toContain('#6b438b')
    expect(drawn('fresh-fruit', 'x', 'Red seedless grapes 500g', '500g')).toContain(
      iconBody('grapes')
    )
    const milk = drawn('milk', '{v} milk|2 pints:145|Whole', 'Whole milk 2 pints', '2 pints')
    expect(milk).toContain(iconBody('glass-of-milk'))
    // A white bottle, not a coloured one.
    expect(parse(itemPackshot('milk', 'x', 'Whole milk 2 pints', '2 pints')).colours.pack).toBe(
      'dfe6ec'
    )
  })
})
