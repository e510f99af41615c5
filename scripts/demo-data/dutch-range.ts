import { packshotUrl, parsePackshot } from '../../schemas/packshot.ts'
import type { SqlValue } from './dataset.ts'

/**
 * Domstad Markt's range in Dutch (issue 43, demo data 21 and 22): the demo range's departments,
 * sub-categories and items that addRangeSubset draws for it, their names, descriptions, sizes,
 * badges, ingredients, storage and origin said in Dutch, and each packshot printed with the Dutch name and
 * size. Slugs and ids stay the range's own (links, tests and the other businesses' rows are as
 * they were). A word the tables below lack throws: a range that grows is translated, not shown
 * half in English.
 */

const CATEGORIES: Readonly<Record<string, { name: string; description: string }>> = {
  'fruit-veg': {
    name: 'Groente & fruit',
    description: 'Vers fruit, groente, salade en kruiden.',
  },
  'fresh-fruit': {
    name: 'Vers fruit',
    description: 'Vers fruit uit ons assortiment groente & fruit.',
  },
  'fresh-vegetables': {
    name: 'Verse groente',
    description: 'Verse groente uit ons assortiment groente & fruit.',
  },
  'salad-herbs': {
    name: 'Salade & kruiden',
    description: 'Salade en kruiden uit ons assortiment groente & fruit.',
  },
  'prepared-veg': {
    name: 'Gesneden groente & fruit',
    description: 'Gesneden groente en fruit uit ons assortiment groente & fruit.',
  },
  bakery: {
    name: 'Brood & gebak',
    description: 'Brood, broodjes, wraps, gebak en ontbijtbrood, elke dag vers gebakken.',
  },
  bread: { name: 'Brood', description: 'Brood uit ons assortiment brood & gebak.' },
  'rolls-wraps': {
    name: 'Broodjes, wraps & bagels',
    description: 'Broodjes, wraps en bagels uit ons assortiment brood & gebak.',
  },
  'cakes-treats': {
    name: 'Taart & lekkers',
    description: 'Taart en lekkers uit ons assortiment brood & gebak.',
  },
  'dairy-eggs': {
    name: 'Zuivel & eieren',
    description: 'Melk, boter, kaas, yoghurt, room en eieren.',
  },
  milk: { name: 'Melk', description: 'Melk uit ons assortiment zuivel & eieren.' },
  'plant-milk': {
    name: 'Plantaardige dranken',
    description: 'Plantaardige dranken uit ons assortiment zuivel & eieren.',
  },
  'butter-spreads': {
    name: 'Boter & smeersels',
    description: 'Boter en smeersels uit ons assortiment zuivel & eieren.',
  },
  cheese: { name: 'Kaas', description: 'Kaas uit ons assortiment zuivel & eieren.' },
  yoghurts: {
    name: 'Yoghurt & toetjes',
    description: 'Yoghurt en toetjes uit ons assortiment zuivel & eieren.',
  },
  'cream-eggs': {
    name: 'Room & eieren',
    description: 'Room en eieren uit ons assortiment zuivel & eieren.',
  },
  drinks: {
    name: 'Dranken',
    description: 'Frisdrank, sappen, water, siroop en energiedranken.',
  },
  'fizzy-drinks': { name: 'Frisdrank', description: 'Frisdrank uit ons assortiment dranken.' },
  'juice-smoothies': {
    name: 'Sappen & smoothies',
    description: 'Sappen en smoothies uit ons assortiment dranken.',
  },
  water: { name: 'Water', description: 'Water uit ons assortiment dranken.' },
  'squash-cordial': {
    name: 'Siroop & limonade',
    description: 'Siroop en limonade uit ons assortiment dranken.',
  },
  'energy-sports': {
    name: 'Energie- & sportdranken',
    description: 'Energie- en sportdranken uit ons assortiment dranken.',
  },
}

// An item's name without its size (the packshot's printed name), in Dutch.
const NAMES: Readonly<Record<string, string>> = {
  Bananas: 'Bananen',
  'Bananas loose each': 'Losse banaan',
  'Organic bananas': 'Biologische bananen',
  'Fairtrade bananas': 'Fairtrade bananen',
  'Gala apples': 'Gala appels',
  'White potatoes': 'Witte aardappelen',
  'Maris Piper potatoes': 'Maris Piper aardappelen',
  'King Edward potatoes': 'King Edward aardappelen',
  'Baby new potatoes': 'Krieltjes',
  'Sweet potatoes': 'Zoete aardappelen',
  'Iceberg lettuce': 'IJsbergsla',
  'Little gem lettuce': 'Little gem sla',
  'Mixed leaf salad': 'Gemengde sla',
  'Baby spinach': 'Babyspinazie',
  Rocket: 'Rucola',
  Cucumber: 'Komkommer',
  'Stir fry vegetables': 'Wokgroente',
  'Vegetable soup mix': 'Soepgroente',
  'Sliced mushrooms': 'Gesneden champignons',
  'Diced butternut squash': 'Pompoenblokjes',
  'Fruit salad pot': 'Fruitsalade',
  'Mango chunks': 'Mangoblokjes',
  'Medium sliced white bread': 'Wit brood, gesneden',
  'Thick sliced white bread': 'Wit brood, dik gesneden',
  'Wholemeal bread': 'Volkorenbrood',
  'Soft white rolls': 'Zachte witte bolletjes',
  'Wholemeal rolls': 'Volkorenbolletjes',
  'Seeded rolls': 'Meergranenbolletjes',
  'Victoria sponge cake': 'Victoria-biscuittaart',
  'Lemon drizzle cake': 'Citroencake',
  'Chocolate fudge cake': 'Chocoladetaart',
  'Carrot cake': 'Worteltaart',
  'Coffee and walnut cake': 'Koffie-walnotentaart',
  'Value victoria sponge cake': 'Voordeel Victoria-biscuittaart',
  'Whole milk': 'Volle melk',
  'Semi-skimmed milk': 'Halfvolle melk',
  'Oat drink': 'Haverdrink',
  'Unsweetened almond drink': 'Amandeldrink ongezoet',
  'Soya drink': 'Sojadrink',
  'Coconut drink': 'Kokosdrink',
  'Barista oat drink': 'Barista haverdrink',
  'Rice drink': 'Rijstdrink',
  'Salted butter': 'Roomboter gezouten',
  'Unsalted butter': 'Roomboter ongezouten',
  'Spreadable butter': 'Smeerbare boter',
  'Value salted butter': 'Voordeel roomboter gezouten',
  'Value unsalted butter': 'Voordeel roomboter ongezouten',
  'Value spreadable butter': 'Voordeel smeerbare boter',
  'Mild cheddar': 'Milde cheddar',
  'Medium cheddar': 'Belegen cheddar',
  'Mature cheddar': 'Oude cheddar',
  'Greek style yoghurt': 'Griekse yoghurt',
  'Natural yoghurt': 'Naturel yoghurt',
  'Vanilla yoghurt': 'Vanilleyoghurt',
  'Strawberry yoghurt': 'Aardbeienyoghurt',
  'Low fat raspberry yoghurt': 'Magere frambozenyoghurt',
  'Value greek style yoghurt': 'Voordeel Griekse yoghurt',
  'Single cream': 'Koffieroom',
  'Double cream': 'Dubbele room',
  'Whipping cream': 'Slagroom',
  Cola: 'Cola',
  'Diet cola': 'Cola light',
  'Pure orange smooth juice': 'Sinaasappelsap zonder vruchtvlees',
  'Pure orange with bits juice': 'Sinaasappelsap met vruchtvlees',
  'Pure apple juice': 'Appelsap',
  'Pure pineapple juice': 'Ananassap',
  'Pure tomato juice': 'Tomatensap',
  'Pure grapefruit juice': 'Grapefruitsap',
  'Still spring water': 'Bronwater zonder koolzuur',
  'Value still spring water': 'Voordeel bronwater zonder koolzuur',
  'Orange squash': 'Sinaasappelsiroop',
  'Summer fruits squash': 'Zomerfruitsiroop',
  'Apple and blackcurrant squash': 'Appel-cassissiroop',
  'Lemon squash': 'Citroensiroop',
  'Orange no added sugar squash': 'Sinaasappelsiroop zonder toegevoegde suiker',
  'Tropical squash': 'Tropische siroop',
  'Energy drink original': 'Energiedrank origineel',
  'Energy drink sugar free': 'Energiedrank suikervrij',
}

// Sizes as a Dutch shelf writes them; a pint is said in millilitres and litres.
const SIZES: Readonly<Record<string, string>> = {
  '2 pack': '2 stuks',
  '5 pack': '5 stuks',
  '6 pack': '6 stuks',
  '12 pack': '12 stuks',
  '1kg bag': 'zak 1kg',
  '2.5kg': '2,5kg',
  '1 pint': '568ml',
  '2 pints': '1,14 liter',
  '4 pints': '2,27 liter',
  '1 litre': '1 liter',
  '2 litres': '2 liter',
  '1.5 litres': '1,5 liter',
  '5 litres': '5 liter',
  '330ml can': 'blik 330ml',
}

// What the range's copy says after the brand and the product, sentence by sentence.
const SENTENCES: Readonly<Record<string, string>> = {
  'Picked ripe, packed the same day and checked for quality every morning.':
    'Rijp geplukt, dezelfde dag verpakt en elke ochtend op kwaliteit gecontroleerd.',
  'Grown by farmers we know in Lincolnshire and East Anglia whenever the season allows.':
    'Geteeld door boeren die we kennen in Lincolnshire en East Anglia, zolang het seizoen het toelaat.',
  'Grown under glass in the Lea Valley and washed, ready to eat or to finish a dish.':
    'Onder glas geteeld in de Lea Valley en gewassen, klaar om te eten of een gerecht af te maken.',
  'Washed, peeled and chopped for you, so it goes straight into the pan or the bowl.':
    'Voor je gewassen, geschild en gesneden, zodat het zo de pan of de schaal in kan.',
  'Baked overnight in small batches and best enjoyed within three days.':
    'Elke nacht in kleine hoeveelheden gebakken en het lekkerst binnen drie dagen.',
  'Soft, fresh and ready for lunchboxes, barbecues and quick suppers.':
    'Zacht, vers en klaar voor de broodtrommel, de barbecue en een snelle maaltijd.',
  'Made with butter and free range eggs, the way a home baker would.':
    'Gemaakt met roomboter en scharreleieren, zoals een thuisbakker het doet.',
  'Good everyday quality at our lowest price.':
    'Goede kwaliteit voor elke dag tegen onze laagste prijs.',
  'From cows grazing on farms in Cheshire and Shropshire, bottled within a day.':
    'Van koeien die grazen op boerderijen in Cheshire en Shropshire, binnen een dag gebotteld.',
  'A dairy-free drink for cereal, tea and coffee, fortified with calcium and vitamins.':
    'Een zuivelvrije drank voor ontbijtgranen, thee en koffie, verrijkt met calcium en vitamines.',
  'Churned from fresh British cream for baking, cooking and spreading.':
    'Gekarnd van verse Britse room, om mee te bakken, te koken en te smeren.',
  'Matured by a family creamery and cut and packed to keep its flavour.':
    'Gerijpt door een familiezuivelbedrijf en gesneden en verpakt om de smaak te bewaren.',
  'Made with British milk and live cultures, for breakfast or an easy pudding.':
    'Gemaakt met Britse melk en levende culturen, voor het ontbijt of als makkelijk toetje.',
  'From British farms, collected and packed within days for freshness.':
    'Van Britse boerderijen, binnen enkele dagen opgehaald en verpakt voor de versheid.',
  'Lightly sparkling and best served chilled over ice.':
    'Licht bruisend en het lekkerst gekoeld met ijs.',
  'Squeezed or blended fruit, never from concentrate unless it says so.':
    'Geperst of gemengd fruit, nooit uit concentraat tenzij dat erop staat.',
  'Naturally filtered spring water, bottled at source in the Peak District.':
    'Natuurlijk gefilterd bronwater, aan de bron gebotteld in het Peak District.',
  'Dilute one part to ten with still or sparkling water.':
    'Eén deel aanlengen met tien delen water, met of zonder koolzuur.',
  'Not recommended for children or pregnant women.':
    'Niet aanbevolen voor kinderen en zwangere vrouwen.',
  'High caffeine content where stated.': 'Hoog cafeïnegehalte waar vermeld.',
}

// The range's brands, which a description opens with and which keep their names.
const BRANDS = [
  'Orchard Lane',
  'Fieldgate Farm',
  'Glasshouse Garden',
  'Millstone Bakery',
  'Bramble & Butter',
  'Everyday Value',
  'Hillside Dairy',
  'Oatfield',
  'Wheelwright Creamery',
  'Meadowcup',
  'Brightwater',
  'Pressed & Pure',
  'Volt',
] as const

const STORAGE: Readonly<Record<string, string>> = {
  'Store in a cool place. Wash before eating.': 'Koel bewaren. Wassen voor gebruik.',
  'Store in a cool, dark place or in the fridge. Wash before use.':
    'Koel en donker of in de koelkast bewaren. Wassen voor gebruik.',
  'Keep refrigerated below 5°C. Once opened, use within 2 days and by the date shown.':
    'Gekoeld bewaren onder 5°C. Na openen binnen 2 dagen en voor de vermelde datum gebruiken.',
  'Store in a cool, dry place. Suitable for freezing on the day of purchase.':
    'Koel en droog bewaren. Geschikt om in te vriezen op de dag van aankoop.',
  'Store in a cool, dry place. Suitable for freezing.':
    'Koel en droog bewaren. Geschikt om in te vriezen.',
  'Store in a cool, dry place. Once opened, use within the time stated on the pack.':
    'Koel en droog bewaren. Na openen gebruiken binnen de op de verpakking vermelde tijd.',
  'Keep refrigerated below 5°C. Once opened, use within 3 days and by the date shown.':
    'Gekoeld bewaren onder 5°C. Na openen binnen 3 dagen en voor de vermelde datum gebruiken.',
  'Store in a cool, dry place. Once opened, keep refrigerated and use within 5 days.':
    'Koel en droog bewaren. Na openen gekoeld bewaren en binnen 5 dagen gebruiken.',
  'Keep refrigerated below 5°C.': 'Gekoeld bewaren onder 5°C.',
  'Keep refrigerated below 5°C. Once opened, wrap and use within 7 days.':
    'Gekoeld bewaren onder 5°C. Na openen verpakken en binnen 7 dagen gebruiken.',
  'Keep refrigerated below 5°C. Once opened, use within 3 days.':
    'Gekoeld bewaren onder 5°C. Na openen binnen 3 dagen gebruiken.',
  'Store in a cool, dry place. Best served chilled.':
    'Koel en droog bewaren. Het lekkerst gekoeld.',
  'Keep refrigerated. Once opened, use within 4 days.':
    'Gekoeld bewaren. Na openen binnen 4 dagen gebruiken.',
  'Store in a cool, dry place away from sunlight and odours.':
    'Koel en droog bewaren, buiten zonlicht en uit de buurt van geuren.',
  'Store in a cool, dry place. Once opened, refrigerate and use within 4 weeks.':
    'Koel en droog bewaren. Na openen in de koelkast bewaren en binnen 4 weken gebruiken.',
  'Store in a cool, dry place. High caffeine content (32 mg/100 ml). Not recommended for children or pregnant or breast-feeding women.':
    'Koel en droog bewaren. Hoog cafeïnegehalte (32 mg/100 ml). Niet aanbevolen voor kinderen en zwangere vrouwen of vrouwen die borstvoeding geven.',
}

const ORIGINS: Readonly<Record<string, string>> = {
  'Origin: see pack; grown in Spain, South Africa or the United Kingdom by season':
    'Herkomst: zie verpakking; per seizoen geteeld in Spanje, Zuid-Afrika of het Verenigd Koninkrijk',
  'Grown in the United Kingdom': 'Geteeld in het Verenigd Koninkrijk',
  'Packed in the United Kingdom using produce from more than one country':
    'Verpakt in het Verenigd Koninkrijk met producten uit meer dan één land',
  'Baked in the United Kingdom': 'Gebakken in het Verenigd Koninkrijk',
  'Made with milk from British farms': 'Gemaakt met melk van Britse boerderijen',
  'Made in Sweden': 'Gemaakt in Zweden',
  'Made in the United Kingdom with British milk':
    'Gemaakt in het Verenigd Koninkrijk met Britse melk',
  'Made in the United Kingdom': 'Gemaakt in het Verenigd Koninkrijk',
  'Made in the United Kingdom using fruit from Brazil and Spain':
    'Gemaakt in het Verenigd Koninkrijk met fruit uit Brazilië en Spanje',
  'Bottled at source in the Peak District, United Kingdom':
    'Aan de bron gebotteld in het Peak District, Verenigd Koninkrijk',
  'Made in Austria': 'Gemaakt in Oostenrijk',
}

// The range's longer ingredient lists as a Dutch pack writes them, allergens named the Dutch way
// (melk, tarwe, soja, ei) so the item page can emphasise them (schemas/food-information.ts).
const INGREDIENTS: Readonly<Record<string, string>> = {
  'Wheat flour (wheat flour, calcium carbonate, iron, niacin, thiamin), water, yeast, salt, rapeseed oil, soya flour, emulsifier (mono- and diacetyl tartaric acid esters of mono- and diglycerides of fatty acids), flour treatment agent (ascorbic acid).':
    'Tarwebloem (tarwebloem, calciumcarbonaat, ijzer, niacine, thiamine), water, gist, zout, raapzaadolie, sojameel, emulgator (mono- en diacetylwijnsteenzuuresters van mono- en diglyceriden van vetzuren), meelverbeteraar (ascorbinezuur).',
  'Wheat flour (wheat flour, calcium carbonate, iron, niacin, thiamin), water, yeast, rapeseed oil, sugar, salt, soya flour.':
    'Tarwebloem (tarwebloem, calciumcarbonaat, ijzer, niacine, thiamine), water, gist, raapzaadolie, suiker, zout, sojameel.',
  'Wheat flour, sugar, butter (milk), free range egg, glucose syrup, raising agents (disodium diphosphate, sodium bicarbonate), salt.':
    'Tarwebloem, suiker, roomboter (melk), scharrelei, glucosestroop, rijsmiddelen (dinatriumdifosfaat, natriumbicarbonaat), zout.',
  'Sugar, milk chocolate (sugar, cocoa butter, whole milk powder, cocoa mass, emulsifier (soya lecithins)), butter (milk), free range egg, wheat flour, cocoa powder.':
    'Suiker, melkchocolade (suiker, cacaoboter, volle melkpoeder, cacaomassa, emulgator (sojalecithinen)), roomboter (melk), scharrelei, tarwebloem, cacaopoeder.',
  'Water, oats (10%), rapeseed oil, calcium carbonate, salt, vitamins (D2, riboflavin, B12).':
    'Water, haver (10%), raapzaadolie, calciumcarbonaat, zout, vitamines (D2, riboflavine, B12).',
  'Water, rice (14%), sunflower oil, calcium phosphate, sea salt, vitamins (D2, B12).':
    'Water, rijst (14%), zonnebloemolie, calciumfosfaat, zeezout, vitamines (D2, B12).',
  'Water, almonds (2.3%), calcium carbonate, sea salt, stabilisers (locust bean gum, gellan gum), vitamins (D2, E, B12).':
    'Water, amandelen (2,3%), calciumcarbonaat, zeezout, stabilisatoren (johannesbroodpitmeel, gellangom), vitamines (D2, E, B12).',
  'Water, hulled soya beans (6.7%), sugar, calcium carbonate, sea salt, stabiliser (gellan gum), vitamins (B2, B12, D2).':
    'Water, gepelde sojabonen (6,7%), suiker, calciumcarbonaat, zeezout, stabilisator (gellangom), vitamines (B2, B12, D2).',
  'Water, coconut cream (6%), calcium phosphate, sea salt, stabiliser (gellan gum), vitamins (D2, B12).':
    'Water, kokosroom (6%), calciumfosfaat, zeezout, stabilisator (gellangom), vitamines (D2, B12).',
  'Butter (milk), salt (1.6%).': 'Roomboter (melk), zout (1,6%).',
  'Plant oils (rapeseed, palm, sunflower), water, buttermilk (milk), salt, emulsifier (mono- and diglycerides of fatty acids), vitamins A and D.':
    'Plantaardige oliën (raapzaad, palm, zonnebloem), water, karnemelk (melk), zout, emulgator (mono- en diglyceriden van vetzuren), vitamine A en D.',
  'Cheddar cheese (milk).': 'Cheddarkaas (melk).',
  'Yoghurt (milk), live cultures.': 'Yoghurt (melk), levende culturen.',
  'Yoghurt (milk), sugar, fruit (7%), maize starch, stabiliser (pectin), natural flavouring.':
    'Yoghurt (melk), suiker, fruit (7%), maïszetmeel, stabilisator (pectine), natuurlijk aroma.',
  'Cream (milk).': 'Room (melk).',
  'Double cream (milk).': 'Dubbele room (melk).',
  'Carbonated water, sugar, acid (citric acid), natural flavourings, sweetener (sucralose), preservative (potassium sorbate).':
    "Koolzuurhoudend water, suiker, voedingszuur (citroenzuur), natuurlijke aroma's, zoetstof (sucralose), conserveermiddel (kaliumsorbaat).",
  'Orange juice.': 'Sinaasappelsap.',
  'Natural mineral water.': 'Natuurlijk mineraalwater.',
  'Water, fruit juice from concentrate (10%), acid (citric acid), natural flavourings, sweeteners (sucralose, acesulfame K), preservative (potassium sorbate).':
    "Water, vruchtensap uit concentraat (10%), voedingszuur (citroenzuur), natuurlijke aroma's, zoetstoffen (sucralose, acesulfaam K), conserveermiddel (kaliumsorbaat).",
  'Carbonated water, sugar, glucose, acid (citric acid), taurine (0.4%), acidity regulator (sodium citrates), flavourings, caffeine (0.03%), vitamins (niacin, B6, B12), colours (caramel, riboflavins).':
    "Koolzuurhoudend water, suiker, glucose, voedingszuur (citroenzuur), taurine (0,4%), zuurteregelaar (natriumcitraten), aroma's, cafeïne (0,03%), vitamines (niacine, B6, B12), kleurstoffen (karamel, riboflavine).",
}

// The nutrition table's portion: 'Per 1 portion (80 g)' reads 'Per 1 portie (80 g)'.
const PORTIONS: Readonly<Record<string, string>> = {
  portion: 'portie',
  slice: 'snee',
  roll: 'broodje',
  piece: 'stuk',
  glass: 'glas',
  'glass diluted': 'glas aangelengd',
  pot: 'bakje',
  tablespoon: 'eetlepel',
  can: 'blikje',
}

/** A nutrition record's portion said in Dutch ('1 portion (80 g)' → '1 portie (80 g)'). */
function dutchNutrition(nutrition: SqlValue | undefined): SqlValue {
  if (nutrition === null || nutrition === undefined) return null
  const facts = JSON.parse(String(nutrition)) as { portion?: { size: string } }
  if (facts.portion) {
    const [, count = '', unit = '', amount = ''] =
      /^(\d+) (.+?) (\(.+\))$/.exec(facts.portion.size) ?? []
    facts.portion.size = `${count} ${dutch(PORTIONS, unit, 'portion')} ${amount}`
  }
  return JSON.stringify(facts)
}

// 'Price drop' becomes a claim the price-claim rule reads in Dutch too (price-claims.ts).
const BADGES: Readonly<Record<string, string>> = {
  New: 'Nieuw',
  'Best seller': 'Bestseller',
  Local: 'Lokaal',
  'Price drop': 'Prijsverlaging',
}

function dutch(table: Readonly<Record<string, string>>, english: string, what: string): string {
  const said = table[english]
  if (said === undefined)
    throw new Error(`Domstad Markt's range: no Dutch ${what} for '${english}'`)
  return said
}

const nullable = (value: SqlValue | undefined, say: (english: string) => string): SqlValue =>
  value === null || value === undefined ? null : say(String(value))

const sizeOf = (english: string) => SIZES[english] ?? english

/** A department or sub-category's columns in Dutch. */
export function dutchCategory(row: Record<string, SqlValue>): Record<string, SqlValue> {
  const slug = String(row.slug)
  const words = CATEGORIES[slug]
  if (!words) throw new Error(`Domstad Markt's range: no Dutch for category ${slug}`)
  const image = String(row.image_url)
  return { ...words, image_url: image.includes('/packshot/') ? dutchPackshot(image) : image }
}

/** A packshot printed with the Dutch name and size. */
function dutchPackshot(url: string): string {
  const parsed = new URL(url, 'https://demo.invalid')
  const shot = parsePackshot(parsed.pathname, parsed.searchParams)
  if (!shot) throw new Error(`not a packshot: ${url}`)
  return packshotUrl({
    ...shot,
    name: dutch(NAMES, shot.name, 'name'),
    size: shot.size === null ? null : sizeOf(shot.size),
  })
}

/** The Dutch of a description: the brand kept, the product and each sentence in Dutch. */
function dutchDescription(english: string, product: string): string {
  const brand = BRANDS.find((name) => english.startsWith(`${name} `))
  if (!brand) throw new Error(`Domstad Markt's range: no brand in '${english}'`)
  const sentences = english.slice(english.indexOf('. ') + 2).match(/[^.]+\./g) ?? []
  const said = sentences.map((sentence) => dutch(SENTENCES, sentence.trim(), 'sentence'))
  const named = brand === 'Everyday Value' ? product.replace(/^Voordeel /, '') : product
  return [`${brand} ${named.charAt(0).toLowerCase()}${named.slice(1)}.`, ...said].join(' ')
}

/** An item's shopper-facing columns in Dutch; slug, prices and food values stay as they are. */
export function dutchItem(row: Record<string, SqlValue>): Record<string, SqlValue> {
  const image = String(row.image_mdpi_1x)
  const parsed = new URL(image, 'https://demo.invalid')
  const printed = parsePackshot(parsed.pathname, parsed.searchParams)?.name
  if (printed === undefined) throw new Error(`not a packshot: ${image}`)
  const product = dutch(NAMES, printed, 'name')
  const size = row.size === null ? null : sizeOf(String(row.size))
  const url = dutchPackshot(image)
  return {
    name: size === null ? product : `${product} ${size}`,
    description: dutchDescription(String(row.description), product),
    size,
    net_quantity: nullable(row.net_quantity, sizeOf),
    badge_text: nullable(row.badge_text, (badge) => dutch(BADGES, badge, 'badge')),
    // An ingredient list that is the product alone ('Bananas.') is said with it; a longer one
    // as a Dutch pack writes it.
    ingredients:
      row.ingredients === `${printed}.`
        ? `${product}.`
        : nullable(row.ingredients, (text) => dutch(INGREDIENTS, text, 'ingredients')),
    nutrition: dutchNutrition(row.nutrition),
    storage_use: nullable(row.storage_use, (text) => dutch(STORAGE, text, 'storage')),
    country_of_origin: nullable(row.country_of_origin, (text) => dutch(ORIGINS, text, 'origin')),
    image_originals: url,
    image_mdpi_1x: url,
    image_xhdpi_2x: url,
    image_xxhdpi_3x: url,
  }
}
