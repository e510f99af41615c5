// Writes the demo pictures into public/images: one SVG per department and density, brand logos,
// their heroes and the banners (a store front is drawn inline, in the brand's colours: client/
// components/catalogue/StoreFrontIllustration.tsx). Run after changing catalogue.ts or images.ts:
//   node scripts/demo-data/write-images.ts
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { DEPARTMENTS } from './catalogue.ts'
import { BRANDS } from './tenancy.ts'
import { bannerSvg, categorySvg, IMAGE_SIZES, logoSvg } from './images.ts'

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'public', 'images')

function write(path: string, body: string): void {
  mkdirSync(dirname(join(root, path)), { recursive: true })
  writeFileSync(join(root, path), body)
}

for (const department of DEPARTMENTS) {
  for (const { density, size } of IMAGE_SIZES) {
    write(
      `categories/${department.slug}/${density}.svg`,
      categorySvg(department.name, department.color, department.icon, size)
    )
  }
}
for (const brand of BRANDS) {
  write(`brands/${brand.slug}.svg`, logoSvg(brand.name, brand.primary, brand.accent))
  write(`brands/${brand.slug}-icon.svg`, categorySvg(brand.name, brand.primary, 'leaf', 64))
  // Each brand's hero in its own colour (the share image, and a photo-less store's picture).
  write(
    `brands/${brand.slug}-hero.svg`,
    bannerSvg(brand.tagline, 'Groceries from stores near you', brand.primary, 'apple')
  )
}
const banners: Array<[string, string, string, string, Parameters<typeof bannerSvg>[3]]> = [
  [
    'lunchtime-meal-deal',
    'Lunchtime meal deal',
    'Main, snack and drink for £3.85',
    '#e0621c',
    'cup',
  ],
  [
    'pizza-night',
    'Pizza night for £6.00',
    'Two pizzas and an ice cream tub',
    '#5aa7e0',
    'snowflake',
  ],
  ['fresh-fruit', 'Fresh fruit every day', 'Picked for flavour', '#2e9e4f', 'apple'],
  ['hot-drinks', 'Coffee made your way', 'Oat drink and syrups available', '#7a4a2a', 'cup'],
  ['crisps-3-for-5', 'Any 3 sharing crisps for £5.00', 'Mix and match', '#8e44ad', 'sweet'],
  ['wine-2-for-12', 'Any 2 wines for £12.00', 'Mix and match 75cl bottles', '#7b2d5b', 'glass'],
  ['cleaning-25-off', '25% off cleaning sprays', 'A quarter off every spray', '#4a6fa5', 'spray'],
  ['ice-cream-50p-off', '50p off ice cream tubs', 'Save on any 900ml tub', '#5aa7e0', 'snowflake'],
]
for (const [slug, title, subtitle, color, icon] of banners) {
  write(`banners/${slug}.svg`, bannerSvg(title, subtitle, color, icon))
}
console.log(`Wrote demo images under ${root}`)
