import { z } from 'zod'
import { STAY_IN_TOUCH_FIELDS } from './stay-in-touch-fields.ts'

/*
 * The footer's Stay In Touch sign-up without JavaScript (spec §1): the StayInTouch island names
 * its input from stay-in-touch-fields.ts, which this schema is keyed on, and
 * worker/pages/content/stay-in-touch.ts reads a post with it. The address stays as typed: the
 * handler checks it with EmailSchema and says a bad one as before.
 */
export const StayInTouchFormSchema = z.object({
  [STAY_IN_TOUCH_FIELDS.email]: z.string().catch(''),
})
