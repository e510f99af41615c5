/**
 * Fills a message's `%s` placeholders in order. Its own module so the client build can call it on
 * a message it inlined without loading every message (scripts/vite-inline-messages.ts, ADR 032).
 */
export function fillMessage(template: string, ...values: Array<string | number>): string {
  let index = 0
  return template.replace(/%s/g, () => String(values[index++] ?? ''))
}
