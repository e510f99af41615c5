import type { MiddlewareHandler } from 'hono'
import {
  FORM_BODY_MAX_BYTES,
  JSON_BODY_MAX_BYTES,
  JSON_BODY_MAX_DEPTH,
  REFUSED_BODY_DRAIN_MAX_BYTES,
} from '../../schemas/constants.ts'
import { formatMessage, MESSAGES } from '../../schemas/messages.ts'
import { AppError } from './errors.ts'

/*
 * The one reader of request bodies: the proxy, the backend's routes, the pages' form posts and the
 * sandbox gateways all read through it, so every body has a size limit (413 payload_too_large,
 * refused before it is buffered) and every JSON body a depth limit (422, checked before anything
 * walks it). Limits: schemas/constants.ts.
 */

const KIB = 1024
const MIB = 1024 * KIB

/** '64 KB', '25 MB': the limit as a shopper reads it. */
function sizeText(bytes: number): string {
  return bytes >= MIB && bytes % MIB === 0 ? `${bytes / MIB} MB` : `${Math.ceil(bytes / KIB)} KB`
}

/** The 413 for a body over `maxBytes`; details say the limit. */
export function payloadTooLarge(maxBytes: number): AppError {
  return new AppError('payload_too_large', formatMessage('bodyTooLarge', sizeText(maxBytes)), {
    details: { maxBytes },
  })
}

/** The 422 for a body that is not what the call takes (not JSON, not an object, wrong type). */
export function invalidBody(): AppError {
  return new AppError('validation_error', MESSAGES.validationError, {
    fields: [{ field: '(body)', message: MESSAGES.validationError }],
  })
}

function tooDeep(maxDepth: number): AppError {
  const message = formatMessage('bodyTooDeep', maxDepth)
  return new AppError('validation_error', message, {
    fields: [{ field: '(body)', message }],
    details: { maxDepth },
  })
}

/**
 * Reads and drops what is left of a refused or unread body (at most REFUSED_BODY_DRAIN_MAX_BYTES,
 * then cancels it) before the answer goes out, so the client gets the answer on a connection it
 * can go on using (RFC 9112 §9.6). Answering while the client is still sending makes workerd drop
 * the rest, and the local server (vite dev and preview, through miniflare) then loses our answer
 * (its own 500) or stalls the connection's next request (test/e2e/body-limits.spec.ts).
 */
async function dropRest(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  try {
    let dropped = 0
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return
      dropped += value.byteLength
      if (dropped > REFUSED_BODY_DRAIN_MAX_BYTES) return await reader.cancel()
    }
  } catch {
    // The client went away: nothing left to drop.
  }
}

/**
 * The body's bytes, at most `maxBytes`: a Content-Length over the limit is refused before a byte
 * is kept, and a body without one (chunked) as soon as it passes the limit, so nothing over the
 * limit is ever buffered; the rest is dropped before the 413 goes out (see {@link dropRest}).
 */
export async function readBodyBytes(request: Request, maxBytes: number): Promise<Uint8Array> {
  const { body, headers } = request
  if (!body) return new Uint8Array(0)
  const reader = body.getReader()
  if (Number(headers.get('content-length') ?? NaN) > maxBytes) {
    await dropRest(reader)
    throw payloadTooLarge(maxBytes)
  }
  const chunks: Array<Uint8Array> = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > maxBytes) {
      await dropRest(reader)
      throw payloadTooLarge(maxBytes)
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(total)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}

/** The body as UTF-8 text, at most `maxBytes` (the sandbox's XML calls). */
export async function readBodyText(request: Request, maxBytes: number): Promise<string> {
  return new TextDecoder().decode(await readBodyBytes(request, maxBytes))
}

/**
 * Middleware: a body nothing read (a guard's redirect, a call that takes no body, a refused
 * content type) is dropped before the answer goes out, for the reason {@link dropRest} gives.
 */
export function dropUnreadBody(): MiddlewareHandler {
  return async (c, next) => {
    await next()
    const { body, bodyUsed } = c.req.raw
    if (body && !bodyUsed && !body.locked) await dropRest(body.getReader())
  }
}

/**
 * Whether JSON text nests objects and arrays at most `maxDepth` deep. One pass over the text, no
 * recursion and no parse, so a body nested 100,000 deep costs what its length costs.
 */
export function jsonDepthWithin(text: string, maxDepth: number): boolean {
  let depth = 0
  let inString = false
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index)
    if (inString) {
      if (char === 0x5c)
        index++ // a backslash escapes the next character
      else if (char === 0x22) inString = false
    } else if (char === 0x22) {
      inString = true
    } else if (char === 0x7b || char === 0x5b) {
      if (++depth > maxDepth) return false
    } else if (char === 0x7d || char === 0x5d) {
      depth--
    }
  }
  return true
}

/**
 * Parses JSON text no deeper than JSON_BODY_MAX_DEPTH: an empty text is `{}` (a call without
 * inputs), malformed JSON a 422 on `(body)`, too deep a 422 saying the limit.
 */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') return {}
  if (!jsonDepthWithin(text, JSON_BODY_MAX_DEPTH)) throw tooDeep(JSON_BODY_MAX_DEPTH)
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw invalidBody()
  }
}

// A request's body can be read once; a second reader of the same request (a route after its
// middleware) gets the same answer.
const jsonBodies = new WeakMap<Request, Promise<unknown>>()

/**
 * A request's JSON body within JSON_BODY_MAX_BYTES and JSON_BODY_MAX_DEPTH (see
 * {@link parseJsonBody}). Reading it twice answers the same value.
 *
 * @example const body = await readJsonBody(c.req.raw)
 */
export function readJsonBody(request: Request): Promise<unknown> {
  let body = jsonBodies.get(request)
  if (!body) {
    body = readBodyText(request, JSON_BODY_MAX_BYTES).then(parseJsonBody)
    jsonBodies.set(request, body)
  }
  return body
}

/**
 * A form body (urlencoded or multipart) within `maxBytes`. A body of another type is an empty
 * form; a malformed one a 422.
 */
export async function readFormBody(
  request: Request,
  maxBytes: number = FORM_BODY_MAX_BYTES
): Promise<FormData> {
  const contentType = request.headers.get('content-type') ?? ''
  const mediaType = contentType.split(';')[0]?.trim().toLowerCase()
  const isForm =
    mediaType === 'application/x-www-form-urlencoded' || mediaType === 'multipart/form-data'
  const bytes = await readBodyBytes(request, maxBytes)
  if (!isForm) return new FormData()
  try {
    return await new Response(bytes, { headers: { 'content-type': contentType } }).formData()
  } catch {
    throw invalidBody()
  }
}

/**
 * The string fields of a form post within FORM_BODY_MAX_BYTES (files are left out; a repeated
 * field keeps its last value).
 *
 * @example const { email } = await readFormFields(c.req.raw)
 */
export async function readFormFields(request: Request): Promise<Record<string, string>> {
  const fields = new Map<string, string>()
  for (const [key, value] of await readFormBody(request)) {
    if (typeof value === 'string') fields.set(key, value)
  }
  // fromEntries defines own properties, so a field named __proto__ is only a field.
  return Object.fromEntries(fields)
}

/**
 * A multipart (or urlencoded) form within `maxBytes` as one input object: each text field once
 * (its last value), and each field named `name[]` (spec §7: the contact form's `files[]`) as the
 * list `name` of every file and text sent under it. The cap applies before anything is buffered
 * ({@link readBodyBytes}); a body of another type is an empty object.
 *
 * @example const { subject, files } = await readMultipartInput(c.req.raw, CONTACT_BODY_MAX_BYTES)
 */
export async function readMultipartInput(
  request: Request,
  maxBytes: number
): Promise<Record<string, string | Array<File | string>>> {
  const input = new Map<string, string | Array<File | string>>()
  for (const [key, value] of await readFormBody(request, maxBytes)) {
    if (key.endsWith('[]')) {
      const name = key.slice(0, -2)
      const list = input.get(name)
      // An empty file input posts one nameless empty part: the shopper chose nothing.
      if (typeof value !== 'string' && value.size === 0 && value.name === '') continue
      input.set(name, Array.isArray(list) ? [...list, value] : [value])
    } else if (typeof value === 'string') {
      input.set(key, value)
    }
  }
  return Object.fromEntries(input)
}
