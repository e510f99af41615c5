/*
 * The CSP nonce in a page kept by the edge page cache (ADR 042), without parsing the page on a
 * hit. When a page is kept, its nonce attributes are set to a marker by HTMLRewriter, the marker's
 * byte offsets are recorded and the marker removed (the kept body carries `nonce=""`); a hit puts
 * this request's nonce at those offsets by copying bytes. Rewriting every hit with HTMLRewriter
 * parsed the whole page each time, which cost more the longer the page (a category page most).
 */

// Random per isolate: no page's own text can hold it, so every match is an attribute we set.
// Made on first use: workerd allows no random values in the global scope.
let mark: { value: string; attribute: Uint8Array } | null = null
function marker(): { value: string; attribute: Uint8Array } {
  if (mark) return mark
  const value = `nonce-slot-${crypto.randomUUID()}`
  mark = { value, attribute: new TextEncoder().encode(`nonce="${value}"`) }
  return mark
}
const encoder = new TextEncoder()
const EMPTY_ATTRIBUTE = encoder.encode('nonce=""')
/** Where the value goes within `nonce=""`. */
const VALUE_OFFSET = 'nonce="'.length

/** An HTML answer whose every nonce attribute holds the marker (other answers as they are). */
export function markNonces(response: Response): Response {
  if (!(response.headers.get('content-type') ?? '').startsWith('text/html')) return response
  const { value } = marker()
  return new HTMLRewriter()
    .on('[nonce]', {
      element(element) {
        element.setAttribute('nonce', value)
      },
    })
    .transform(response)
}

function indexOf(haystack: Uint8Array, needle: Uint8Array, from: number): number {
  const first = needle[0]
  const last = haystack.length - needle.length
  for (let index = haystack.indexOf(first ?? 0, from); index !== -1 && index <= last;) {
    let at = 1
    while (at < needle.length && haystack[index + at] === needle[at]) at++
    if (at === needle.length) return index
    index = haystack.indexOf(first ?? 0, index + 1)
  }
  return -1
}

/** A marked body with its markers removed (`nonce=""`), and the offsets the nonce goes at. */
export function nonceSlots(marked: Uint8Array): { body: Uint8Array; slots: Array<number> } {
  const attribute = marker().attribute
  const parts: Array<Uint8Array> = []
  const slots: Array<number> = []
  let length = 0
  let from = 0
  for (let at = indexOf(marked, attribute, 0); at !== -1;) {
    parts.push(marked.subarray(from, at), EMPTY_ATTRIBUTE)
    length += at - from
    slots.push(length + VALUE_OFFSET)
    length += EMPTY_ATTRIBUTE.length
    from = at + attribute.length
    at = indexOf(marked, attribute, from)
  }
  parts.push(marked.subarray(from))
  return { body: joined(parts, length + marked.length - from), slots }
}

/** The kept body with `nonce` at each slot. */
export function withNonceAt(
  body: Uint8Array,
  slots: ReadonlyArray<number>,
  nonce: string
): Uint8Array {
  const value = encoder.encode(nonce)
  const parts: Array<Uint8Array> = []
  let from = 0
  for (const slot of slots) {
    parts.push(body.subarray(from, slot), value)
    from = slot
  }
  parts.push(body.subarray(from))
  return joined(parts, body.length + value.length * slots.length)
}

/** Slots as a header value, and back (null when the header is not one: an older kept page). */
export const formatSlots = (slots: ReadonlyArray<number>): string => slots.join(',')

export function parseSlots(header: string | null): Array<number> | null {
  if (header === null) return null
  if (header === '') return []
  const slots = header.split(',').map(Number)
  return slots.every((slot) => Number.isSafeInteger(slot) && slot >= 0) ? slots : null
}

function joined(parts: ReadonlyArray<Uint8Array>, length: number): Uint8Array {
  const out = new Uint8Array(length)
  let at = 0
  for (const part of parts) {
    out.set(part, at)
    at += part.length
  }
  return out
}
