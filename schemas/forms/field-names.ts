import type { z } from 'zod'

/** Each field of a form schema by its own name: `FIELDS.quantity === 'quantity'`. */
export type FieldNames<Shape> = { readonly [Name in keyof Shape & string]: Name }

/**
 * The field names of a form, read off the zod schema that parses it, so the view's `name=`
 * attributes and the Worker's parser spell each field once (issue 38: forms from schemas).
 */
export function fieldNames<Shape extends z.ZodRawShape>(schema: {
  readonly shape: Shape
}): FieldNames<Shape> {
  return Object.fromEntries(
    Object.keys(schema.shape).map((name) => [name, name])
  ) as FieldNames<Shape>
}
