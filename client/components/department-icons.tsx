import type { ReactNode } from 'react'
import type { DepartmentIconName } from '../lib/department-icon-names.ts'
import { Svg } from './icons.tsx'

/** Line drawings for the department tiles, keyed by a department's icon name. */
export const DEPARTMENT_ICONS: Readonly<Record<DepartmentIconName, ReactNode>> = {
  produce: (
    <Svg className="size-8">
      <path d="M12 7c-4-2-8 1-7 6 .8 4 3.5 8 7 7 3.5 1 6.2-3 7-7 1-5-3-8-7-6z" />
      <path d="M12 7c0-2 1-4 3-4" />
    </Svg>
  ),
  bakery: (
    <Svg className="size-8">
      <path d="M4 11a4 4 0 0 1 3-6h10a4 4 0 0 1 3 6v8H4z" />
      <path d="M9 9v2M12 9v2M15 9v2" />
    </Svg>
  ),
  dairy: (
    <Svg className="size-8">
      <path d="M9 2h6v3l2 3v14H7V8l2-3z" />
      <path d="M7 12h10" />
    </Svg>
  ),
  meat: (
    <Svg className="size-8">
      <path d="M3 12c3-6 10-8 15-5 3 2 3 6 0 8-5 3-12 3-15-3z" />
      <circle cx="16" cy="10" r="1" />
    </Svg>
  ),
  drinks: (
    <Svg className="size-8">
      <path d="M10 2h4v4l2 3v13H8V9l2-3z" />
      <path d="M8 14h8" />
    </Svg>
  ),
  household: (
    <Svg className="size-8">
      <path d="M8 8h8v14H8z" />
      <path d="M10 8V5h4l3-2M14 5v3" />
    </Svg>
  ),
  frozen: (
    <Svg className="size-8">
      <path d="M12 2v20M4 7l16 10M20 7L4 17" />
    </Svg>
  ),
  snacks: (
    <Svg className="size-8">
      <path d="M6 4h12l-1 16H7z" />
      <path d="M6 8h12" />
    </Svg>
  ),
}
