import { z } from 'zod'

/** The backend's OpenAPI 3.1 document, as far as clients rely on its shape. */
export type OpenApiDocument = z.infer<typeof OpenApiDocumentSchema>
export const OpenApiDocumentSchema = z.looseObject({
  openapi: z.string().regex(/^3\.1\.\d+$/),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
})
