import { ApiErrorSchema, type ApiError } from '../../schemas/api-error.ts'
import type { ShopLocale } from '../../schemas/locale.ts'
import { catalogueLocale, localiseMessage } from '../../schemas/message-catalogue.ts'

/*
 * The API's errors in the brand's language (issue 43, ADR 049). The backend and the code that
 * throws fill messages in English, the catalogue's source; the edge that knows the brand says
 * them in its language, so no thrower needs the brand and an English brand's bytes do not change.
 */

/** The envelope with its message and every field's message in the brand's language. */
export function localisedEnvelope(envelope: ApiError, shop: ShopLocale): ApiError {
  const { error } = envelope
  return {
    error: {
      ...error,
      message: localiseMessage(shop, error.message),
      ...(error.fields
        ? {
            fields: error.fields.map((field) => ({
              ...field,
              message: localiseMessage(shop, field.message),
            })),
          }
        : {}),
    },
  }
}

/**
 * A backend's answer as the brand's shopper reads it: an error envelope in their language, with
 * the same status and headers; anything else (and every answer to an English brand) as it came.
 */
export async function localisedAnswer(answer: Response, shop: ShopLocale): Promise<Response> {
  if (answer.status < 400 || catalogueLocale(shop.locale) === 'en-GB') return answer
  if (!(answer.headers.get('content-type') ?? '').includes('application/json')) return answer
  const text = await answer.text()
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    parsed = null
  }
  const envelope = ApiErrorSchema.safeParse(parsed)
  const body = envelope.success ? JSON.stringify(localisedEnvelope(envelope.data, shop)) : text
  const headers = new Headers(answer.headers)
  headers.delete('content-length')
  return new Response(body, { status: answer.status, headers })
}
