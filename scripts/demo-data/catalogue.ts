import { FRESH_FOOD_DEPARTMENTS } from './catalogue/fresh-food.ts'
import { GROCERY_DEPARTMENTS } from './catalogue/groceries.ts'
import { NON_FOOD_DEPARTMENTS } from './catalogue/non-food.ts'

/**
 * The demo grocery range: departments → sub-categories → product lines. Names are generic; the
 * brand and a sentence about the range are in each item's description (product-copy.ts); sizes
 * and prices are typical of UK supermarkets and convenience stores in the 2020s.
 *
 * A product line is 'name|sizes|variants':
 *   sizes    'label:pence' joined by ','; the label becomes part of the item name ('each' is not shown)
 *   variants joined by ','; '{v}' in the name is replaced by each variant; 'Name*120' costs 120%
 * Every variant × size pair is one menu item.
 */
export interface SubCategoryDefinition {
  slug: string
  name: string
  tags?: ReadonlyArray<string>
  lines: ReadonlyArray<string>
}

export interface DepartmentDefinition {
  slug: string
  name: string
  description: string
  /** Picture colour and the simple icon drawn on it. */
  color: string
  icon: IconName
  ageRestriction?: number
  /** Tobacco and related products: never promoted (categories.is_tobacco). */
  tobacco?: boolean
  /** Alcohol: promotions follow licensing law (categories.is_alcohol). */
  alcohol?: boolean
  subcategories: ReadonlyArray<SubCategoryDefinition>
}

export type IconName =
  | 'apple'
  | 'loaf'
  | 'bottle'
  | 'fish'
  | 'box'
  | 'snowflake'
  | 'jar'
  | 'can'
  | 'glass'
  | 'sweet'
  | 'spray'
  | 'cross'
  | 'heart'
  | 'paw'
  | 'cup'
  | 'leaf'
  | 'star'

/** Hot Food & Deli: its sub-categories and option-bearing items are in hot-food.ts. */
export const HOT_FOOD_DEPARTMENT: DepartmentDefinition = {
  slug: 'hot-food-deli',
  name: 'Hot Food & Deli',
  description: 'Freshly made pizza, burgers, hot drinks and deli sandwiches made to order.',
  color: '#e0621c',
  icon: 'cup',
  subcategories: [],
}

/** Every department in menu order: Hot Food & Deli comes after the fresh food. */
export const DEPARTMENTS: ReadonlyArray<DepartmentDefinition> = [
  ...FRESH_FOOD_DEPARTMENTS,
  HOT_FOOD_DEPARTMENT,
  ...GROCERY_DEPARTMENTS,
  ...NON_FOOD_DEPARTMENTS,
]
