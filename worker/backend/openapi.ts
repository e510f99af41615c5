import { z } from 'zod'
import {
  OpenAPIRegistry,
  OpenApiGeneratorV31,
  type ResponseConfig,
} from '@asteasolutions/zod-to-openapi'
import { ApiErrorSchema, type ErrorCode } from '../../schemas/api-error.ts'
import { JSON_BODY_MAX_BYTES, JSON_BODY_MAX_DEPTH } from '../../schemas/constants.ts'
import { OpenApiDocumentSchema, type OpenApiDocument } from '../../schemas/openapi.ts'
import { ERROR_STATUS } from '../lib/errors.ts'
import { createDomain, type Domain, type RouteDefinition } from './route-registry.ts'

const API_VERSION = '0.1.0'

// Named, so every error response refers to one component instead of repeating the envelope.
const ApiErrorComponent = ApiErrorSchema.meta({ id: 'ApiError' })

/** Hono's `/orders/:orderId` is OpenAPI's `/orders/{orderId}`. */
export function toOpenApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')
}

/** The path's parameters (`/member/loyalty/progress/:customerId`), each a required string. */
function pathParams(path: string): z.ZodObject | undefined {
  const names = [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] ?? '')
  if (names.length === 0) return undefined
  return z.object(Object.fromEntries(names.map((name) => [name, z.string()])))
}

/** `post /stores/details` → `postStoresDetails`, a stable name for generated clients. */
function operationId(method: string, path: string): string {
  const words = path.split(/[^A-Za-z0-9]+/).filter(Boolean)
  return method + words.map((word) => word[0]?.toUpperCase() + word.slice(1)).join('')
}

function errorResponses(route: RouteDefinition): Record<number, ResponseConfig> {
  const codes = new Set<ErrorCode>(route.spec.errors ?? [])
  if (route.spec.query || route.spec.body) codes.add('validation_error')
  if (route.spec.body) codes.add('payload_too_large')
  codes.add('internal_error')
  // Every route reads the database, so every route can answer 503 while D1 is unreachable.
  codes.add('service_unavailable')
  const byStatus = new Map<number, Array<ErrorCode>>()
  for (const code of codes) {
    const status = ERROR_STATUS[code]
    byStatus.set(status, [...(byStatus.get(status) ?? []), code])
  }
  const responses: Record<number, ResponseConfig> = {}
  for (const [status, statusCodes] of byStatus) {
    responses[status] = {
      description: `Error envelope (${statusCodes.join(', ')})`,
      content: { 'application/json': { schema: ApiErrorComponent } },
    }
  }
  return responses
}

/** The OpenAPI 3.1 document of every route of these domains, generated from their zod schemas. */
export function buildOpenApiDocument(domains: ReadonlyArray<Domain>): OpenApiDocument {
  const registry = new OpenAPIRegistry()
  for (const domain of domains) {
    for (const route of domain.routes) {
      const { spec } = route
      const params = pathParams(route.path)
      registry.registerPath({
        method: route.method,
        path: toOpenApiPath(route.path),
        operationId: operationId(route.method, route.path),
        tags: [domain.tag],
        summary: spec.summary,
        ...(spec.description ? { description: spec.description } : {}),
        request: {
          ...(params ? { params } : {}),
          ...(spec.query ? { query: spec.query } : {}),
          ...(spec.body
            ? {
                body: {
                  required: true,
                  content: {
                    [spec.multipart ? 'multipart/form-data' : 'application/json']: {
                      schema: spec.body,
                    },
                  },
                },
              }
            : {}),
        },
        responses: {
          200: {
            description: 'Success',
            content: { 'application/json': { schema: spec.response } },
          },
          ...errorResponses(route),
        },
      })
    }
  }
  const generator = new OpenApiGeneratorV31(registry.definitions)
  const document = generator.generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Storefront commerce API',
      version: API_VERSION,
      description:
        'The multi-tenant commerce API behind the storefront. Every call carries businessId; ' +
        'errors use one envelope (ApiError). Browsers reach it through the storefront proxy at /api. ' +
        `A JSON body may be at most ${JSON_BODY_MAX_BYTES / 1024} KiB (more: 413 payload_too_large) ` +
        `and nest at most ${JSON_BODY_MAX_DEPTH} levels (deeper: 422 validation_error).`,
    },
    servers: [{ url: '/api', description: 'Through the storefront proxy' }],
  })
  return OpenApiDocumentSchema.parse(document)
}

/** The domain serving the document itself; the document covers these domains and this one. */
export function openApiDomain(domains: ReadonlyArray<Domain>): Domain {
  const docs = createDomain('OpenAPI')
  let document: OpenApiDocument | undefined
  docs.get(
    '/openapi.json',
    { summary: 'This OpenAPI 3.1 document', response: OpenApiDocumentSchema },
    () => (document ??= buildOpenApiDocument([...domains, docs]))
  )
  return docs
}
