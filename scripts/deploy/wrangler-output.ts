/** Wrangler's words without its colours. */
export function withoutColours(text: string): string {
  // Terminal colour codes: ESC [ … m.
  // eslint-disable-next-line no-control-regex
  return text.replace(/\u001b\[[0-9;]*m/g, '')
}

/**
 * Why a wrangler command failed, in its own first sentence: from its ✘ [ERROR] line, else the
 * last line with text. Wrangler prints banners, log-file paths and hints around it.
 */
export function wranglerFailure(output: string): string {
  const lines = withoutColours(output)
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
  const error = lines.find((line) => line.includes('[ERROR]'))
  const why = error?.replace(/^.*\[ERROR\]\s*/, '') ?? lines.at(-1) ?? 'it printed nothing'
  // The first sentence says it; the rest points at documentation.
  return why.split(/(?<=\.)\s+(?=[A-Z])/)[0] ?? why
}

/**
 * The JSON document in a wrangler command's output: wrangler may print a banner or notices before
 * it, so parsing starts at the first bracket of the document's kind.
 */
export function jsonIn(output: string, opening: '[' | '{'): unknown {
  const start = output.indexOf(opening)
  if (start === -1) return undefined
  try {
    return JSON.parse(output.slice(start)) as unknown
  } catch {
    return undefined
  }
}
