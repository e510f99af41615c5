/** The field the two buttons answer with. */
export const DEEP_LINK_CHOICE_FIELD = 'choice'
