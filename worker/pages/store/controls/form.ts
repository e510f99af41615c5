import { z } from 'zod'
import { fieldNames } from '../../../../schemas/forms/field-names.ts'

/*
 * The store controls form (pause new orders until a time, or take them again; ADR 057, the
 * schemas/forms pattern): StoreControlsPage takes its field names from this schema and the
 * controls handler reads a post with it. Values stay strings: the pause call's own schema refuses
 * a bad time or reason with its message.
 */

/** The two things the form does. */
export const PAUSE_ACTIONS = { pause: 'pause', resume: 'resume' } as const

export const StorePauseFormSchema = z.object({
  /** Anything but resume pauses, as a form without the field did. */
  do: z.enum([PAUSE_ACTIONS.pause, PAUSE_ACTIONS.resume]).catch(PAUSE_ACTIONS.pause),
  /** The store-local minute (datetime-local) new orders start again. */
  until: z.string().catch(''),
  reason: z.string().catch(''),
})

export const PAUSE_FIELDS = fieldNames(StorePauseFormSchema)
