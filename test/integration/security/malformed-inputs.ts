import { JSON_BODY_MAX_BYTES, JSON_BODY_MAX_DEPTH } from '../../../schemas/constants.ts'

/** The part of JSON Schema (OpenAPI 3.1) the generator reads. */
export interface JsonSchema {
  type?: string | Array<string>
  properties?: Record<string, JsonSchema>
  required?: Array<string>
  items?: JsonSchema
  oneOf?: Array<JsonSchema>
  anyOf?: Array<JsonSchema>
  allOf?: Array<JsonSchema>
  enum?: Array<unknown>
  maxLength?: number
}

/** One OpenAPI operation as the fuzz test drives it. */
export interface Operation {
  method: string
  path: string
  /** The JSON request body's schema, when the operation takes one. */
  body: JsonSchema | undefined
  /** Query parameters, when it takes any. */
  query: Array<{ name: string; required: boolean; schema: JsonSchema }>
}

/** One malformed request: what it tries, and the fetch init (plus query) that sends it. */
export interface MalformedInput {
  label: string
  search?: URLSearchParams
  init: RequestInit
}

/**
 * Fields the proxy sets or replaces whatever the browser sends (businessId, the brand, the basket
 * and refresh tokens from cookies): leaving them out does not make a call malformed.
 */
const SET_BY_PROXY = new Set(['businessId', 'brandId', 'basketToken', 'refresh_token'])

export const INJECTIONS = {
  'SQL injection': "' or 1=1--",
  'script tag': '<script>alert(1)</script>',
  'path traversal': '../../etc/passwd',
  'NUL byte': 'a\u0000b',
  'right-to-left override': '\u202Egnp.exe',
} as const

const TWO_POW_53_PLUS_1 = '9007199254740993'

function typesOf(schema: JsonSchema): Array<string> {
  if (Array.isArray(schema.type)) return schema.type
  if (schema.type) return [schema.type]
  if (schema.enum) return [...new Set(schema.enum.map((value) => typeof value))]
  return []
}

/** The variants of a oneOf/anyOf/allOf schema, or the schema itself. */
function variantsOf(schema: JsonSchema): Array<JsonSchema> {
  const variants = [...(schema.oneOf ?? []), ...(schema.anyOf ?? []), ...(schema.allOf ?? [])]
  return variants.length > 0 ? variants.flatMap(variantsOf) : [schema]
}

/** Every property any variant names, with its schema. */
function propertiesOf(schema: JsonSchema): Array<[string, JsonSchema]> {
  const properties = new Map<string, JsonSchema>()
  for (const variant of variantsOf(schema)) {
    for (const [name, property] of Object.entries(variant.properties ?? {})) {
      if (!properties.has(name)) properties.set(name, property)
    }
  }
  return [...properties]
}

/** Whether `{}` misses a field every variant requires (besides those the proxy sets). */
function requiresInput(schema: JsonSchema): boolean {
  return variantsOf(schema).every((variant) =>
    (variant.required ?? []).some((name) => !SET_BY_PROXY.has(name))
  )
}

/**
 * A value of the schema's shape whose leaves (strings, numbers, booleans) come from `leaf`;
 * a leaf it answers undefined for is left out. Nested objects and arrays are filled the same way,
 * so a field deep in the body gets the malformed value too.
 */
function fill(schema: JsonSchema, leaf: (schema: JsonSchema) => unknown, depth = 0): unknown {
  const types = typesOf(schema)
  if (
    depth < 6 &&
    (types.includes('object') || schema.properties || schema.oneOf || schema.anyOf)
  ) {
    const value: Record<string, unknown> = {}
    for (const [name, property] of propertiesOf(schema)) {
      const filled = fill(property, leaf, depth + 1)
      if (filled !== undefined) value[name] = filled
    }
    return Object.keys(value).length > 0 ? value : undefined
  }
  if (depth < 6 && types.includes('array') && schema.items) {
    const item = fill(schema.items, leaf, depth + 1)
    return item === undefined ? undefined : [item]
  }
  return leaf(schema)
}

/** A value no field of this type accepts (never null, which optional fields may take). */
function wrongType(schema: JsonSchema): unknown {
  const types = typesOf(schema)
  if (types.includes('string')) return 12345
  if (types.includes('integer') || types.includes('number')) return 'not a number'
  if (types.includes('boolean')) return 'not a boolean'
  if (types.includes('array')) return 'not an array'
  return 'not an object'
}

function isNumeric(schema: JsonSchema): boolean {
  const types = typesOf(schema)
  return types.includes('integer') || types.includes('number')
}

function isText(schema: JsonSchema): boolean {
  return typesOf(schema).includes('string') && !schema.enum
}

function json(body: unknown, contentType = 'application/json'): RequestInit {
  return { method: 'POST', headers: { 'content-type': contentType }, body: JSON.stringify(body) }
}

/** A chunked body (no Content-Length) of `bytes` spaces inside a JSON string. */
function chunkedBody(bytes: number): ReadableStream<Uint8Array> {
  const chunk = new Uint8Array(4096).fill(0x20)
  let sent = 0
  return new ReadableStream({
    pull(controller) {
      if (sent === 0) controller.enqueue(new TextEncoder().encode('{"pad":"'))
      if (sent >= bytes) {
        controller.enqueue(new TextEncoder().encode('"}'))
        controller.close()
        return
      }
      controller.enqueue(chunk)
      sent += chunk.byteLength
    },
  })
}

/** Malformed bodies every JSON operation must refuse, whatever its schema. */
function malformedBodies(): Array<MalformedInput> {
  const raw = (label: string, body: BodyInit, contentType = 'application/json') => ({
    label,
    init: { method: 'POST', headers: { 'content-type': contentType }, body },
  })
  const deep = (levels: number) => `{"a":${'['.repeat(levels)}${']'.repeat(levels)}}`
  const oversized = JSON.stringify({ pad: 'x'.repeat(JSON_BODY_MAX_BYTES + 1024) })
  return [
    raw('not JSON', '{"a":'),
    raw('a JSON array', '[{"a":1}]'),
    raw('a JSON string', JSON.stringify(INJECTIONS['SQL injection'])),
    raw('JSON null', 'null'),
    raw('nested 5,000 deep', deep(5000)),
    raw('nested one past the depth cap', deep(JSON_BODY_MAX_DEPTH)),
    raw('a NUL byte outside any string', '{"a":1}\u0000'),
    raw('text/plain', '{"a":1}', 'text/plain'),
    raw('an urlencoded form', 'a=1&b=2', 'application/x-www-form-urlencoded'),
    raw('a multipart form', 'not really multipart', 'multipart/form-data; boundary=x'),
    raw('over the size limit (Content-Length)', oversized),
    {
      label: 'over the size limit (chunked, no Content-Length)',
      init: {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: chunkedBody(JSON_BODY_MAX_BYTES + 4096),
      },
    },
  ]
}

/** Malformed bodies built from the operation's schema (its fields, at every depth). */
function schemaBodies(schema: JsonSchema): Array<MalformedInput> {
  const inputs: Array<MalformedInput> = []
  const add = (label: string, body: unknown) => {
    if (body !== undefined) inputs.push({ label, init: json(body) })
  }
  const wrongTypes = fill(schema, wrongType)
  add('wrong types', wrongTypes)
  if (requiresInput(schema)) add('missing required fields', {})
  add('wrong types and extra fields', {
    ...(wrongTypes as object),
    unexpected: 'x',
    constructor: { prototype: { polluted: true } },
    ['__proto__']: { polluted: true },
  })
  const textFields = propertiesOf(schema).filter(([, property]) => isText(property)).length
  // Each text field past its maxLength, the whole body still under the size limit.
  const budget = Math.floor((JSON_BODY_MAX_BYTES - 4096) / Math.max(1, textFields * 2))
  add(
    'huge strings',
    fill(schema, (leaf) =>
      isText(leaf) ? 'x'.repeat(Math.min((leaf.maxLength ?? budget) + 1, budget)) : undefined
    )
  )
  for (const [label, number] of [
    ['1e308', 1e308],
    ['-1', -1],
    ['2^53+1', Number(TWO_POW_53_PLUS_1)],
  ] as const) {
    add(
      `number ${label}`,
      fill(schema, (leaf) => (isNumeric(leaf) ? number : undefined))
    )
  }
  add(
    'NaN-ish strings',
    fill(schema, (leaf) => (isNumeric(leaf) || isText(leaf) ? 'NaN' : undefined))
  )
  add(
    'Infinity strings',
    fill(schema, (leaf) => (isNumeric(leaf) || isText(leaf) ? '1e309' : undefined))
  )
  for (const [label, text] of Object.entries(INJECTIONS)) {
    add(
      label,
      fill(schema, (leaf) => (isText(leaf) ? text : undefined))
    )
  }
  return inputs
}

/** Malformed query strings built from the operation's parameters. */
function queryInputs(operation: Operation): Array<MalformedInput> {
  const params =
    operation.query.length > 0
      ? operation.query
      : [{ name: 'unexpected', required: false, schema: { type: 'string' } }]
  const query = (label: string, value: (schema: JsonSchema) => string) => ({
    label,
    search: new URLSearchParams(params.map(({ name, schema }) => [name, value(schema)])),
    init: { method: operation.method.toUpperCase() },
  })
  const inputs: Array<MalformedInput> = [
    query('wrong types', (schema) => (isNumeric(schema) ? 'twelve' : '[object Object]')),
    query('huge strings', () => 'x'.repeat(8000)),
    query('number 1e308', () => '1e308'),
    query('number -1', () => '-1'),
    query('number 2^53+1', () => TWO_POW_53_PLUS_1),
    query('NaN', () => 'NaN'),
    query('Infinity', () => 'Infinity'),
    ...Object.entries(INJECTIONS).map(([label, text]) => query(label, () => text)),
    {
      label: 'extra, repeated and array-style parameters',
      search: new URLSearchParams([
        ...params.flatMap(({ name }) => [
          [name, '1'],
          [name, '2'],
          [`${name}[]`, '3'],
        ]),
        ['__proto__[polluted]', 'true'],
      ]),
      init: { method: operation.method.toUpperCase() },
    },
  ]
  if (operation.query.some(({ required, name }) => required && !SET_BY_PROXY.has(name))) {
    inputs.push({
      label: 'missing required parameters',
      init: { method: operation.method.toUpperCase() },
    })
  }
  return inputs
}

/**
 * At least ten malformed requests for an operation, generated from its OpenAPI schemas: wrong
 * types, missing and extra fields, huge strings, extreme numbers, NaN-ish strings, injection
 * strings, deep nesting, wrong content types and oversized bodies. An operation added later is
 * covered by the same rules.
 */
export function malformedInputs(operation: Operation): Array<MalformedInput> {
  if (!operation.body) return queryInputs(operation)
  const inputs = [...malformedBodies(), ...schemaBodies(operation.body)]
  return inputs.map((input) => ({
    ...input,
    init: { ...input.init, method: operation.method.toUpperCase() },
  }))
}
