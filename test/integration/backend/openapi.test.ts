import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { OpenApiDocumentSchema } from '../../../schemas/openapi.ts'
import { backendDomains } from '../../../worker/backend/index.ts'
import { backend } from '../../../worker/local-backend.ts'
import { toOpenApiPath } from '../../../worker/backend/openapi.ts'

async function document() {
  const res = await backend.request('/openapi.json', {}, env)
  expect(res.status).toBe(200)
  return OpenApiDocumentSchema.parse(await res.json())
}

describe('GET /openapi.json', () => {
  it('is an OpenAPI 3.1 document', async () => {
    const doc = await document()
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/)
    expect(doc.info.title).toBeTruthy()
    expect(Object.keys(doc.paths).length).toBeGreaterThan(0)
  })

  it('documents every route the backend registers, and nothing else', async () => {
    const doc = await document()
    const registered = backend.routes
      .filter((route) => route.method !== 'ALL')
      .map((route) => `${route.method.toLowerCase()} ${toOpenApiPath(route.path)}`)
      .sort()
    const documented = Object.entries(doc.paths)
      .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method} ${path}`))
      .sort()
    expect(documented).toEqual(registered)
    expect(documented).toEqual(
      expect.arrayContaining([
        'get /business/profile',
        'post /white-label/settings',
        'get /brands/resolve',
        'get /countries',
        'get /countries/billing',
        'get /time-slots/server-time',
        'post /stores/details',
        'post /content/stay-in-touch',
        'get /content/faqs',
        'get /health',
        'get /openapi.json',
      ])
    )
  })

  it('gives every operation a success schema and the error envelope, for 500 and 503', async () => {
    const doc = await document()
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const responses = (operation as { responses: Record<string, { content?: unknown }> })
          .responses
        expect(responses['200']?.content, `${method} ${path}`).toBeDefined()
        expect(JSON.stringify(responses['500']), `${method} ${path}`).toContain(
          '#/components/schemas/ApiError'
        )
        // Any route answers 503 while the database cannot be reached (ADR 042).
        expect(JSON.stringify(responses['503']), `${method} ${path}`).toContain(
          'service_unavailable'
        )
      }
    }
  })

  it('documents request bodies and query parameters from the schemas', async () => {
    const doc = await document()
    const stayInTouch = doc.paths['/content/stay-in-touch']?.post as {
      requestBody: { content: { 'application/json': { schema: { required: Array<string> } } } }
      responses: Record<string, unknown>
    }
    expect(stayInTouch.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['businessId', 'brandId', 'email'])
    )
    expect(stayInTouch.responses['422']).toBeDefined()
    // Every body has the reader's size limit; a call without a body has none.
    expect(JSON.stringify(stayInTouch.responses['413'])).toContain('payload_too_large')
    const countries = doc.paths['/countries']?.get as {
      parameters: Array<{ name: string; in: string }>
      responses: Record<string, unknown>
    }
    expect(countries.responses['413']).toBeUndefined()
    expect(countries.parameters).toContainEqual(
      expect.objectContaining({ name: 'businessId', in: 'query' })
    )
  })

  it('documents a path parameter as a required one', async () => {
    const doc = await document()
    const progress = doc.paths['/member/loyalty/progress/{customerId}']?.get as {
      parameters: Array<{ name: string; in: string; required?: boolean }>
    }
    expect(progress.parameters).toContainEqual(
      expect.objectContaining({ name: 'customerId', in: 'path', required: true })
    )
  })

  it('lists the domains it was built from', () => {
    expect(backendDomains.map((domain) => domain.tag)).toContain('OpenAPI')
  })
})
