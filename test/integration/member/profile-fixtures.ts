import { env } from 'cloudflare:test'
import { backend } from '../../../worker/local-backend.ts'
import { type Call, callOf, jsonPost } from '../../support/workers/requests.ts'
import { BUSINESS_ID, freshIp, registerMember, testEnv } from '../auth/fixtures.ts'

export { BUSINESS_ID, call, expectError, depsAt, seedCatalogue } from '../auth/fixtures.ts'

/** A member of the demo business with a name, email and phone nobody else has. */
export async function memberWithDetails(overrides: Record<string, unknown> = {}) {
  const tag = `${Date.now()}${Math.floor(Math.random() * 1e6)}`
  const firstName = `Zephyrine${tag}`
  const lastName = `Quillfeather${tag}`
  const phone = `+4477009${tag.slice(-5)}`
  const { email, tokens } = await registerMember({ firstName, lastName, phone, ...overrides })
  const customerId = Number(
    (
      await env.DB.prepare('select id from customers where email = ?1')
        .bind(email)
        .first<{ id: number }>()
    )?.id
  )
  return { email, firstName, lastName, phone, customerId, bearer: tokens.access_token }
}

/** A member call by any method: GET sends the body's fields as the query, others as JSON. */
export async function send(
  method: 'GET' | 'PUT' | 'POST',
  path: string,
  body: Record<string, unknown>,
  bearer?: string
): Promise<Call> {
  const options = { ip: freshIp(), ...(bearer ? { bearer } : {}) }
  if (method === 'GET') {
    const query = new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)]))
    const { headers } = jsonPost({}, options)
    return callOf(
      await backend.request(`${path}?${query.toString()}`, { method: 'GET', headers }, testEnv)
    )
  }
  return callOf(await backend.request(path, { ...jsonPost(body, options), method }, testEnv))
}

/** The latest code the outbox holds for this address and template. */
export async function lastCodeTo(recipient: string, template: string): Promise<string> {
  const row = await env.DB.prepare(
    `select payload_json from outbox where recipient = ?1 and template = ?2 order by id desc`
  )
    .bind(recipient, template)
    .first<{ payload_json: string }>()
  if (!row) throw new Error(`no ${template} sent to ${recipient}`)
  return (JSON.parse(row.payload_json) as { code: string }).code
}

/** A six-digit code that is not `code`. */
export const otherCode = (code: string) => (code === '000000' ? '111111' : '000000')

export const BUSINESS = { businessId: BUSINESS_ID }
