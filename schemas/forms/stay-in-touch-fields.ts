// No zod here: the footer's StayInTouch island renders from this name and must stay light.

/** The footer sign-up's one field; stay-in-touch.ts's schema is keyed on it. */
export const STAY_IN_TOUCH_FIELDS = { email: 'email' } as const
