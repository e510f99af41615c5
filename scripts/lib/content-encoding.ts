// Which answers the preview compresses, and how: the edge's choices (scripts/preview-compression.ts).

/** What the edge compresses: text, scripts, styles, SVG, JSON. Event streams stay as they are. */
const COMPRESSIBLE =
  /^(text\/(?!event-stream)|application\/(javascript|json|xml|manifest\+json)|image\/svg\+xml)/i
/** Below this size the edge does not bother either. */
const MIN_BYTES = 256
export type Encoding = 'br' | 'gzip'

/** The encoding the edge would pick for an Accept-Encoding header: brotli first, then gzip. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | null {
  const offered = new Map<string, number>()
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find(Boolean)
    offered.set(name.trim(), q === undefined ? 1 : Number(q))
  }
  for (const encoding of ['br', 'gzip'] as const) {
    if ((offered.get(encoding) ?? offered.get('*') ?? 0) > 0) return encoding
  }
  return null
}

/** Whether a response with these headers should be compressed on its way out. */
export function isCompressible(headers: {
  status: number
  contentType: string | undefined
  contentEncoding: string | undefined
  contentLength: number | undefined
}): boolean {
  if (headers.status < 200 || headers.status === 204 || headers.status === 304) return false
  if (headers.contentEncoding && headers.contentEncoding !== 'identity') return false
  if (headers.contentLength !== undefined && headers.contentLength < MIN_BYTES) return false
  return COMPRESSIBLE.test(headers.contentType ?? '')
}
