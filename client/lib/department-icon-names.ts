/**
 * The department tiles' icon names: the home page's white-label departments are checked against
 * this list in the Worker, and client/components/department-icons.tsx draws one per name.
 */
export const DEPARTMENT_ICON_NAMES = [
  'produce',
  'bakery',
  'dairy',
  'meat',
  'drinks',
  'household',
  'frozen',
  'snacks',
] as const

export type DepartmentIconName = (typeof DEPARTMENT_ICON_NAMES)[number]
