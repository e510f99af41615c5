import { OPERATOR_PATHS } from '../../../../lib/operator-paths.ts'

/** The brands area's pages and forms, under /store/operator/brands (ADR 028). */
export const BRANDS_PATHS = {
  list: OPERATOR_PATHS.brands,
  create: `${OPERATOR_PATHS.brands}/new`,
  brand: (brandId: number) => `${OPERATOR_PATHS.brands}/${brandId}`,
  preview: (brandId: number) => `${OPERATOR_PATHS.brands}/${brandId}/preview`,
  form: (brandId: number, form: string) => `${OPERATOR_PATHS.brands}/${brandId}/${form}`,
} as const
