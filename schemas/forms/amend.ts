import { z } from 'zod'
import { TRACKING_TOKEN_PARAM } from '../tracking.ts'
import { fieldNames } from './field-names.ts'

const posted = z.string().optional().catch(undefined)

/*
 * The amend page's form (issue 42, ADRs 048 and 054), for the member's order and a guest's by its
 * signed link: MemberAmendPage.tsx and AmendSlotField.tsx take these field names from this schema
 * and worker/pages/orders/amend-page.tsx reads a post with it. The rows' quantities are fields
 * named after their line or item (`line-<lineId>`, `add-<itemId>`: client/lib/member-order-paths.ts
 * names and matches them), so they are read beside it. A guest's page carries its signed link's
 * token as a hidden field (worker/pages/orders/tracking-amend.tsx reads it first).
 */
export const AmendFormSchema = z.object({
  /**
   * The order's version the page showed, as a number (a missing field is 0, text not a number is
   * NaN): the amend call refuses one that is not the order's.
   */
  version: z.string().catch('0').transform(Number),
  /** The slot chosen (`YYYY-MM-DD HH:MM`), and the one the page showed as the order's. */
  slot: posted,
  'slot-was': posted,
  /** The search for items to add, kept so a refused page lists them again. */
  q: posted,
  /** The signed link's token, on a guest's amend page by its tracking link. */
  [TRACKING_TOKEN_PARAM]: posted,
})

export const AMEND_FIELDS = fieldNames(AmendFormSchema)
