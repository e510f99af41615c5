// What a demo item's description says: the brand it is sold under and a sentence about the range,
// as a grocer's product page reads ("Fieldgate Farm carrots. Grown in Lincolnshire…"). Brands are
// invented; own-label tiers (product-lines.ts) carry the shop's own Value and Premium names.

interface RangeCopy {
  /** The brand the sub-category's lines are sold under; null for tobacco's plain packs. */
  brand: string | null
  /** One sentence about the range: what it is, where it comes from or how to use it. */
  about: string
}

const COPY: Record<string, RangeCopy> = {
  'fresh-fruit': {
    brand: 'Orchard Lane',
    about: 'Picked ripe, packed the same day and checked for quality every morning.',
  },
  'fresh-vegetables': {
    brand: 'Fieldgate Farm',
    about: 'Grown by farmers we know in Lincolnshire and East Anglia whenever the season allows.',
  },
  'salad-herbs': {
    brand: 'Glasshouse Garden',
    about: 'Grown under glass in the Lea Valley and washed, ready to eat or to finish a dish.',
  },
  'prepared-veg': {
    brand: 'Fieldgate Farm',
    about: 'Washed, peeled and chopped for you, so it goes straight into the pan or the bowl.',
  },
  bread: {
    brand: 'Millstone Bakery',
    about: 'Baked overnight in small batches and best enjoyed within three days.',
  },
  'rolls-wraps': {
    brand: 'Millstone Bakery',
    about: 'Soft, fresh and ready for lunchboxes, barbecues and quick suppers.',
  },
  'cakes-treats': {
    brand: 'Bramble & Butter',
    about: 'Made with butter and free range eggs, the way a home baker would.',
  },
  milk: {
    brand: 'Hillside Dairy',
    about: 'From cows grazing on farms in Cheshire and Shropshire, bottled within a day.',
  },
  'plant-milk': {
    brand: 'Oatfield',
    about: 'A dairy-free drink for cereal, tea and coffee, fortified with calcium and vitamins.',
  },
  'butter-spreads': {
    brand: 'Hillside Dairy',
    about: 'Churned from fresh British cream for baking, cooking and spreading.',
  },
  cheese: {
    brand: 'Wheelwright Creamery',
    about: 'Matured by a family creamery and cut and packed to keep its flavour.',
  },
  yoghurts: {
    brand: 'Meadowcup',
    about: 'Made with British milk and live cultures, for breakfast or an easy pudding.',
  },
  'cream-eggs': {
    brand: 'Hillside Dairy',
    about: 'From British farms, collected and packed within days for freshness.',
  },
  chicken: {
    brand: 'Ashdown Farm',
    about: 'British chicken reared to RSPCA Assured standards. Cook thoroughly before eating.',
  },
  'beef-lamb': {
    brand: 'Ashdown Farm',
    about: 'Grass-fed British and Irish beef and lamb, trimmed by our butchers.',
  },
  'pork-sausages': {
    brand: 'Ashdown Farm',
    about: 'Outdoor-bred British pork, prepared by our butchers. Cook thoroughly before eating.',
  },
  'fish-seafood': {
    brand: 'Harbour Catch',
    about: 'Responsibly sourced and MSC certified where it says so on the pack.',
  },
  'ready-meals': {
    brand: 'Kitchen Table',
    about: 'Cooked to our chefs’ recipe: ready in minutes in the oven or the microwave.',
  },
  'cooked-meats': {
    brand: 'Ashdown Farm',
    about: 'Cooked and sliced, ready for sandwiches, salads and picnics.',
  },
  'pizza-pasta': {
    brand: 'Casa Nonna',
    about: 'Made in the Italian way with durum wheat and slow-cooked sauces.',
  },
  'dips-snacks': {
    brand: 'Kitchen Table',
    about: 'Made fresh for sharing, dipping and lunches on the go.',
  },
  'vegetarian-vegan': {
    brand: 'Green Sprout',
    about: 'Plant based and high in protein, suitable for vegetarians and vegans.',
  },
  'frozen-veg-chips': {
    brand: 'Frostfield',
    about: 'Frozen within hours of harvest to lock in goodness. Cook from frozen.',
  },
  'frozen-meat-fish': {
    brand: 'Harbour Catch',
    about: 'Frozen at sea or at source and ready to cook from frozen.',
  },
  'frozen-pizza-meals': {
    brand: 'Frostfield',
    about: 'A freezer standby for busy evenings: straight from the freezer to the oven.',
  },
  'ice-cream': {
    brand: 'Polar Parlour',
    about: 'Churned with fresh milk and cream. Store frozen at -18°C.',
  },
  'tins-cans': {
    brand: 'Larder & Co',
    about: 'A store cupboard staple that keeps for months unopened.',
  },
  'pasta-rice-noodles': {
    brand: 'Larder & Co',
    about: 'Quick to cook and endlessly useful, from midweek suppers to packed lunches.',
  },
  cereals: {
    brand: 'Sunrise Mill',
    about: 'Made with wholegrains for a good start to the day.',
  },
  'sauces-condiments': {
    brand: 'Larder & Co',
    about: 'The finishing touch for chips, roasts and sandwiches. Refrigerate once opened.',
  },
  'cooking-ingredients': {
    brand: 'Larder & Co',
    about: 'A baking and cooking essential for the kitchen cupboard.',
  },
  'spreads-jams': {
    brand: 'Bramble & Butter',
    about: 'Made in small batches for toast, crumpets and baking.',
  },
  'tea-coffee': {
    brand: 'Copper Kettle',
    about: 'Sourced from Rainforest Alliance certified growers and blended for a full flavour.',
  },
  'world-foods': {
    brand: 'Spice Route',
    about: 'Authentic flavours for cooking the world’s favourite dishes at home.',
  },
  'fizzy-drinks': {
    brand: 'Brightwater',
    about: 'Lightly sparkling and best served chilled over ice.',
  },
  'juice-smoothies': {
    brand: 'Pressed & Pure',
    about: 'Squeezed or blended fruit, never from concentrate unless it says so.',
  },
  water: {
    brand: 'Brightwater',
    about: 'Naturally filtered spring water, bottled at source in the Peak District.',
  },
  'squash-cordial': {
    brand: 'Brightwater',
    about: 'Dilute one part to ten with still or sparkling water.',
  },
  'energy-sports': {
    brand: 'Volt',
    about: 'Not recommended for children or pregnant women. High caffeine content where stated.',
  },
  'beer-lager': {
    brand: 'Canal Street Brewing',
    about: 'Brewed in Manchester. Challenge 25 applies on delivery and collection.',
  },
  cider: {
    brand: 'Three Counties',
    about: 'Pressed from Herefordshire apples. Challenge 25 applies on delivery and collection.',
  },
  wine: {
    brand: 'Vine & Cellar',
    about: 'Chosen by our wine buyer. Challenge 25 applies on delivery and collection.',
  },
  spirits: {
    brand: 'Copperhead Distillers',
    about: 'Please drink responsibly. Challenge 25 applies on delivery and collection.',
  },
  crisps: {
    brand: 'Crunch Co',
    about: 'Cooked in sunflower oil and seasoned for sharing or lunchboxes.',
  },
  chocolate: {
    brand: 'Cocoa House',
    about: 'Made with sustainably sourced cocoa for a smooth, rich taste.',
  },
  sweets: {
    brand: 'Sugar Street',
    about: 'Made with fruit juices and no artificial colours.',
  },
  biscuits: {
    brand: 'Teatime',
    about: 'Baked until golden and made for dunking.',
  },
  'nuts-dried-fruit': {
    brand: 'Harvest Tin',
    about: 'A handy snack and a good store cupboard ingredient. May contain other nuts.',
  },
  laundry: {
    brand: 'Brightwash',
    about: 'Cleans at 30°C to save energy. Keep out of reach of children.',
  },
  cleaning: {
    brand: 'Sparkle Home',
    about: 'Cuts through grease and grime. Read the label and keep out of reach of children.',
  },
  'paper-bags': {
    brand: 'Homewise',
    about: 'Made with FSC certified materials for everyday use around the home.',
  },
  'home-essentials': {
    brand: 'Homewise',
    about: 'The household basics it is worth having in the cupboard.',
  },
  toiletries: {
    brand: 'Pure Care',
    about: 'Dermatologically tested and kind to skin.',
  },
  'hair-care': {
    brand: 'Pure Care',
    about: 'Salon-inspired care for everyday use, with a fresh, clean fragrance.',
  },
  'dental-care': {
    brand: 'Brightsmile',
    about: 'Recommended for twice-daily brushing as part of a healthy routine.',
  },
  medicines: {
    brand: 'Wellkind',
    about: 'Always read the label. If symptoms persist, talk to your pharmacist or doctor.',
  },
  'skin-care': {
    brand: 'Pure Care',
    about: 'Dermatologically tested and suitable for sensitive skin.',
  },
  'nappies-wipes': {
    brand: 'Little Steps',
    about: 'Soft, breathable and kind to baby’s skin.',
  },
  'baby-food': {
    brand: 'Little Steps',
    about: 'Made for little ones with no added salt or sugar. Always read the label.',
  },
  'baby-toiletries': {
    brand: 'Little Steps',
    about: 'Gentle, tear-free and dermatologically tested for baby’s skin.',
  },
  cat: {
    brand: 'Whisker & Co',
    about: 'Complete and balanced food made with real meat or fish.',
  },
  dog: {
    brand: 'Good Boy Kitchen',
    about: 'Complete and balanced nutrition for happy, healthy dogs.',
  },
  'small-pets': {
    brand: 'Whisker & Co',
    about: 'A balanced feed for small animals, birds and fish.',
  },
  cigarettes: {
    brand: null,
    about: 'Smoking kills. For adults aged 18 and over only.',
  },
  'rolling-tobacco': {
    brand: null,
    about: 'Smoking kills. For adults aged 18 and over only.',
  },
  vapes: {
    brand: 'Cloudline',
    about: 'Contains nicotine, a highly addictive substance. For adults aged 18 and over only.',
  },
  stationery: {
    brand: 'Penfold',
    about: 'For cards, notes and post, from your local store.',
  },
  'flowers-gifts': {
    brand: 'Petal & Stem',
    about: 'Hand-tied or potted by our florist, with care instructions inside.',
  },
}

const TIERS: ReadonlyArray<readonly [RegExp, RangeCopy]> = [
  [/^Value /, { brand: 'Everyday Value', about: 'Good everyday quality at our lowest price.' }],
  [
    /^Premium /,
    {
      brand: 'Reserve Selection',
      about: 'Our finest recipe, made with carefully chosen ingredients.',
    },
  ],
]

// Variety and place names keep their capital after the brand ("Orchard Lane Pink Lady apples").
const PROPER_FIRST_WORD =
  /^(English|Greek|Indian|Irish|Italian|London|Cumberland|Lincolnshire|Wiltshire|Swiss|Thai|Mexican|Conference|Comice|Gala|Braeburn|Pink Lady|Granny|Royal|Maris|King Edward|Victoria|Scotch|Red Leicester|Double Gloucester|Wensleydale|Stilton|Brie|Camembert|Earl)\b/

/** The brand an item is sold under, or null for tobacco (plain packs). */
export function productBrand(subCategorySlug: string, name: string): string | null {
  const tier = TIERS.find(([pattern]) => pattern.test(name))
  if (tier) return tier[1].brand
  const range = COPY[subCategorySlug]
  return range ? range.brand : 'Larder & Co'
}

/**
 * An item's description: its brand and name (without its size), then what an own-label tier
 * promises and a sentence about its range.
 */
export function productDescription(
  subCategorySlug: string,
  name: string,
  size: string | null
): string {
  const tier = TIERS.find(([pattern]) => pattern.test(name))
  const sized = size && name.endsWith(` ${size}`) ? name.slice(0, -size.length - 1) : name
  const bare = sized.replace(/^(Value|Premium) /, '')
  const brand = productBrand(subCategorySlug, name)
  const shown = PROPER_FIRST_WORD.test(bare) ? bare : bare.charAt(0).toLowerCase() + bare.slice(1)
  const title = brand ? `${brand} ${shown}` : bare
  const about = [tier?.[1].about, COPY[subCategorySlug]?.about].filter(Boolean).join(' ')
  return `${title}. ${about}`.trim()
}
