import { capitalise } from '../lib/text.ts'

interface ParsedLine {
  name: string
  size: string | null
  price: number
}

/** Expands 'name|sizes|variants' into the items it stands for. */
export function expandLine(line: string): Array<ParsedLine> {
  const [nameTemplate = '', sizesText = '', variantsText = ''] = line.split('|')
  const sizes = sizesText.split(',').map((entry) => {
    const at = entry.lastIndexOf(':')
    return { label: entry.slice(0, at).trim(), price: Number(entry.slice(at + 1)) }
  })
  const variants = variantsText
    ? variantsText.split(',').map((entry) => {
        const [variantName = '', percent] = entry.split('*')
        return { name: variantName.trim(), factor: percent ? Number(percent) / 100 : 1 }
      })
    : [{ name: '', factor: 1 }]
  const out: Array<ParsedLine> = []
  for (const variant of variants) {
    // A variant inside a name is lower case ('Value mild cheddar'); at the start it keeps its case.
    const inner = nameTemplate.startsWith('{v}')
      ? variant.name
      : variant.name.charAt(0).toLowerCase() + variant.name.slice(1)
    const base = nameTemplate.includes('{v}') ? nameTemplate.replace('{v}', inner) : nameTemplate
    const name = capitalise(base.trim())
    for (const size of sizes) {
      const label = size.label === 'each' ? null : size.label
      out.push({
        name: label ? `${name} ${label}` : name,
        size: label,
        price: shelfPrice(size.price * variant.factor),
      })
    }
  }
  return out
}

// Round to a typical shelf price ending in 0, 5 or 9 pence.
export function shelfPrice(pence: number): number {
  if (pence < 100) return Math.max(5, Math.round(pence / 5) * 5)
  const rounded = Math.round(pence / 5) * 5
  return rounded % 100 === 0 && rounded > 500 ? rounded - 1 : rounded
}

// Own-label ranges: a value tier on every other line and a premium tier on every third line of
// the everyday grocery departments, as supermarkets do.
const TIERED_DEPARTMENTS = new Set([
  'bakery',
  'dairy-eggs',
  'meat-fish',
  'chilled',
  'frozen',
  'food-cupboard',
  'snacks-sweets',
  'drinks',
  'household',
  'pet',
])

export function rangeTiers(departmentSlug: string, line: string, index: number): Array<string> {
  if (!TIERED_DEPARTMENTS.has(departmentSlug)) return [line]
  const [name = '', sizes = '', variants = ''] = line.split('|')
  const tier = (label: string, factor: number) => {
    const scaled = sizes
      .split(',')
      .map((entry) => {
        const at = entry.lastIndexOf(':')
        return `${entry.slice(0, at)}:${Math.round(Number(entry.slice(at + 1)) * factor)}`
      })
      .join(',')
    return `${label} ${name.charAt(0).toLowerCase()}${name.slice(1)}|${scaled}|${variants}`
  }
  const out = [line]
  if (index % 2 === 0) out.push(tier('Value', 0.7))
  if (index % 3 === 0) out.push(tier('Premium', 1.45))
  return out
}
