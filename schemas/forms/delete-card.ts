import { z } from 'zod'
import { fieldNames } from './field-names.ts'

/*
 * The member's "Delete card" confirmation on the saved cards page: CardsPage.tsx takes its field
 * name from this schema and worker/pages/member/cards.tsx reads a post with it. The id stays as
 * posted (none when missing): the delete call's schema refuses one that is not an id, which the
 * page says as a card it could not find.
 */
export const DeleteCardFormSchema = z.object({
  cardId: z.string().optional().catch(undefined),
})

export const DELETE_CARD_FIELDS = fieldNames(DeleteCardFormSchema)
