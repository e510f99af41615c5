import { FORM_BODY_MAX_BYTES } from '../../schemas/constants.ts'
import { convertIds, convertQueryIds } from '../lib/ids.ts'
import { invalidBody, readFormBody, readJsonBody } from '../lib/request-body.ts'
import { type Inputs, proxyCall, proxyMiddleware } from './call.ts'

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** The JSON body (size and depth capped) with ids converted and the tenant fields set. */
async function jsonBody(request: Request, tenant: Inputs): Promise<Inputs> {
  const parsed = await readJsonBody(request)
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw invalidBody()
  return { ...(convertIds(parsed) as Inputs), ...tenant }
}

/**
 * A multipart body with ids converted and tenant fields set: at most a form's size unless the
 * route declares a larger one (`multipartMaxBytes`: the contact form's attachments, spec §5).
 */
async function formBody(request: Request, maxBytes: number, tenant: Inputs): Promise<FormData> {
  const form = await readFormBody(request, maxBytes)
  const converted = new FormData()
  const fields: Inputs = {}
  for (const [key, value] of form) {
    if (typeof value === 'string') fields[key] = value
  }
  const ids = convertIds(fields) as Inputs
  for (const [key, value] of form) {
    if (key in tenant) continue
    converted.append(key, typeof value === 'string' ? String(ids[key] ?? value) : value)
  }
  for (const [key, value] of Object.entries(tenant)) converted.set(key, String(value))
  return converted
}

/**
 * Reads the call's query and body: ids converted to numbers, the tenant fields (brand-scope.ts)
 * set over whatever the browser sent. A body is JSON (or none) or multipart; any other is
 * refused (400).
 *
 * @example proxy.use(callInputs())
 */
export function callInputs() {
  return proxyMiddleware(async (c, next) => {
    const call = proxyCall(c)
    call.query = convertQueryIds(new URL(c.req.url).searchParams)
    for (const [key, value] of Object.entries(call.tenant)) call.query.set(key, String(value))
    if (METHODS_WITH_BODY.has(c.req.method)) {
      const contentType = c.req.header('content-type') ?? ''
      if (contentType.startsWith('multipart/form-data')) {
        const maxBytes = call.needs.multipartMaxBytes ?? FORM_BODY_MAX_BYTES
        call.form = await formBody(c.req.raw, maxBytes, call.tenant)
      } else if (contentType === '' || contentType.startsWith('application/json')) {
        call.json = await jsonBody(c.req.raw, call.tenant)
      } else {
        throw invalidBody()
      }
    }
    await next()
  })
}
