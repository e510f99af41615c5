/** A non-null object whose fields can be read before a schema or a check narrows them. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}
