import { z } from 'zod'
import { fieldNames } from '../../../../../schemas/forms/field-names.ts'
import { CATALOGUE_KINDS } from '../../../../../schemas/operator-catalogue.ts'

/** The kind of file chosen (ADR 029); anything else is none, and the page asks again. */
const kind = z.enum(CATALOGUE_KINDS).nullable().catch(null)

/**
 * The catalogue import's two forms (ADR 029), both multipart: CataloguePages.tsx takes their
 * field names from these schemas and index.tsx reads a post with them. The check form sends the
 * file (`CATALOGUE_FILE_FIELD`, read apart as a file); the apply form sends back the checked
 * text and the catalogue's version the report was made against.
 */
export const CatalogueCheckFormSchema = z.object({ kind })

export const CatalogueApplyFormSchema = z.object({
  kind,
  csv: z.string().nullable().catch(null),
  version: z.string().nullable().catch(null),
})

export const CATALOGUE_APPLY_FIELDS = fieldNames(CatalogueApplyFormSchema)
export const CATALOGUE_CHECK_FIELDS = fieldNames(CatalogueCheckFormSchema)
export const CATALOGUE_FILE_FIELD = 'file'
