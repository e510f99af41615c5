/**
 * Fills a message's `%s` placeholders in order. Its own module so the client build can call it on
 * a message it inlined without loading every message (scripts/vite-inline-messages.ts, ADR 032).
 */
export function fillMessage(template: string, ...values: Array<string | number>): string {
  let index = 0
  return template.replace(/%s/g, () => String(values[index++] ?? ''))
}

/**
 * Says an English message with its `%s` filled: fillMessage in English, a page's text() or the
 * backend's sayIn(shop) (schemas/message-catalogue.ts) in the brand's language.
 */
export type Say = (english: string, ...values: Array<string | number>) => string
