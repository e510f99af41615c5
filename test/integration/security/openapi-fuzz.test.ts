import { env, SELF } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { ApiErrorSchema } from '../../../schemas/api-error.ts'
import { OpenApiDocumentSchema } from '../../../schemas/openapi.ts'
import { seedTenancy } from '../backend/fixtures.ts'
import { changedTables, fingerprint } from '../../support/workers/db-fingerprint.ts'
import {
  type JsonSchema,
  type MalformedInput,
  malformedInputs,
  type Operation,
} from './malformed-inputs.ts'

/*
 * Every operation of /api/openapi.json, through the whole worker (proxy included), gets at least
 * ten malformed requests generated from its own schemas (./malformed-inputs.ts). None may answer
 * 5xx, every 4xx carries the error envelope, and none writes: the database (each table's row
 * count and a hash of its rows) is the same after each request as before it. The one exception
 * is an input the API accepts (2xx) where ACCEPTED_WRITES says why such text is valid there.
 */

const ORIGIN = 'http://localhost'

/**
 * Tables an operation may write to for an input that looks malformed to the generator but that the
 * API accepts (answers 2xx), and why. Refused inputs never write, here or anywhere.
 */
const ACCEPTED_WRITES: Record<string, { tables: Array<string>; why: string }> = {
  'POST /auth/devices': {
    tables: ['devices'],
    why:
      "messagingDeviceId is the push service's opaque token, so any text of 1 to 512 characters " +
      '(an injection string included) registers a device; it is stored as data, never run.',
  },
}

interface OperationObject {
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: JsonSchema }>
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> }
}

await seedTenancy(env.DB)
const document = OpenApiDocumentSchema.parse(
  await (await SELF.fetch(`${ORIGIN}/api/openapi.json`)).json()
)
const operations: Array<Operation> = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, value]) => {
    const operation = value as OperationObject
    return {
      method,
      path,
      body: operation.requestBody?.content?.['application/json']?.schema,
      query: (operation.parameters ?? [])
        .filter((parameter) => parameter.in === 'query')
        .map(({ name, required, schema }) => ({
          name,
          required: required ?? false,
          schema: schema ?? {},
        })),
    }
  })
)

/** Sends one malformed request: no 5xx, and a 4xx is the error envelope. */
async function send(operation: Operation, input: MalformedInput) {
  const name = `${operation.method.toUpperCase()} ${operation.path}`
  const search = input.search?.toString()
  const res = await SELF.fetch(
    `${ORIGIN}/api${operation.path}${search ? `?${search}` : ''}`,
    input.init
  )
  const text = await res.text()
  const said = `${name} with ${input.label} answered ${res.status}: ${text.slice(0, 300)}`
  expect(res.status, said).toBeLessThan(500)
  if (res.status >= 400) {
    let body: unknown = undefined
    try {
      body = JSON.parse(text)
    } catch {
      // not JSON: the envelope check below fails with the answer in its message
    }
    expect(ApiErrorSchema.safeParse(body).success, `${said} (not the error envelope)`).toBe(true)
  }
  return { accepted: res.status < 300, said }
}

/**
 * Sends each input on its own between two fingerprints: an input may write only when the API
 * accepted it and ACCEPTED_WRITES allows the table for the operation.
 */
async function sendEachAlone(operation: Operation): Promise<void> {
  const allowed = ACCEPTED_WRITES[`${operation.method.toUpperCase()} ${operation.path}`]
  let before = await fingerprint()
  for (const input of malformedInputs(operation)) {
    const { accepted, said } = await send(operation, input)
    const after = await fingerprint()
    const wrote = changedTables(before, after).filter(
      (table) => !(accepted && allowed?.tables.includes(table))
    )
    expect(wrote, `${said}; it wrote to ${wrote.join(', ')}`).toEqual([])
    before = after
  }
}

describe('every OpenAPI operation refuses malformed input cleanly', () => {
  it('finds the operations', () => {
    expect(operations.length).toBeGreaterThan(70)
  })

  for (const operation of operations) {
    const name = `${operation.method.toUpperCase()} ${operation.path}`
    // Ten or more requests in turn: more than the default 5 s when two files share busy cores.
    it(name, { timeout: 20_000 }, async () => {
      const inputs = malformedInputs(operation)
      expect(inputs.length, `${name}: malformed inputs generated`).toBeGreaterThanOrEqual(10)
      if (ACCEPTED_WRITES[name]) return sendEachAlone(operation)
      // One fingerprint around the whole batch keeps the run short…
      const before = await fingerprint()
      for (const input of inputs) await send(operation, input)
      const changed = changedTables(before, await fingerprint())
      if (changed.length === 0) return
      // …and when the batch wrote, a second pass names the input (writes only once: the batch's).
      await sendEachAlone(operation)
      expect.fail(`${name}: malformed input wrote to ${changed.join(', ')}`)
    })
  }
})
