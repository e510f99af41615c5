// The spec's messages are constants: the client build writes each one an island uses into the
// island's chunk, so no page downloads all of schemas/messages.ts (8.9 KB gzip) for the few
// sentences it shows (ADR 032). Sources keep naming MESSAGES.x and formatMessage('x', …).

/** `MESSAGES.key`, not part of a longer name or member chain. */
const MEMBER = /(?<![\w$.])MESSAGES\.([A-Za-z_$][\w$]*)\b/g
/** `formatMessage('key'` (quotes of either kind, the key maybe on the next line). */
const FORMAT_CALL = /(?<![\w$.])formatMessage\(\s*(['"])([A-Za-z_$][\w$]*)\1/g
/** The name the filled call uses, unlikely to clash with a module's own. */
export const FILL_NAME = '__fillMessage'

/**
 * A module's code with every message read by a literal key replaced by the message itself, and
 * `formatMessage('key', …)` by `__fillMessage('<message>', …)` (importing it from `fillFrom`).
 * Null when the module reads no message that way. Unknown keys are left for the type check.
 */
export function inlineMessages(
  code: string,
  messages: Readonly<Record<string, string>>,
  fillFrom: string
): string | null {
  if (!code.includes('MESSAGES.') && !code.includes('formatMessage(')) return null
  let changed = false
  let filled = false
  const known = (key: string) => Object.prototype.hasOwnProperty.call(messages, key)
  let out = code.replace(MEMBER, (match, key: string) => {
    if (!known(key)) return match
    changed = true
    return JSON.stringify(messages[key])
  })
  out = out.replace(FORMAT_CALL, (match, _quote: string, key: string) => {
    if (!known(key)) return match
    changed = filled = true
    return `${FILL_NAME}(${JSON.stringify(messages[key])}`
  })
  if (!changed) return null
  return filled
    ? `import { fillMessage as ${FILL_NAME} } from ${JSON.stringify(fillFrom)}\n${out}`
    : out
}
