import { postJsonAs, type AnswerSchema } from './api.ts'
import { FAVOURITES_API } from './api-paths.ts'
import { FAVOURITE_FORM_FIELDS, FAVOURITE_FORM_PATH } from './favourite-form.ts'

/*
 * Public pages are kept whole in the edge cache and are the same for everyone (ADR 042), so their
 * cards' hearts are rendered empty. For a signed-in member one call after load asks which of the
 * page's items are their favourites and fills those hearts, so the page itself stays cacheable.
 */

const HEARTS = `form[action="${FAVOURITE_FORM_PATH}"]`

// schemas/favourites.ts FavouriteIdsSchema, checked structurally: this chunk loads no zod.
const FavouriteIds: AnswerSchema<{ menuItemIds: Array<number> }> = {
  safeParse(value) {
    const ids = (value as { menuItemIds?: unknown } | null)?.menuItemIds
    return Array.isArray(ids) && ids.every((id) => Number.isInteger(id))
      ? { success: true, data: { menuItemIds: ids as Array<number> } }
      : { success: false }
  },
}
const MAX_IDS = 100

function itemIdOf(form: HTMLFormElement): number | null {
  const field = form.elements.namedItem(FAVOURITE_FORM_FIELDS.itemId)
  const id = field instanceof HTMLInputElement ? Number(field.value) : NaN
  return Number.isInteger(id) && id > 0 ? id : null
}

/** Shows a heart as the member's favourite: filled, pressed, and its form removes it. */
function fill(form: HTMLFormElement): void {
  const wanted = form.elements.namedItem(FAVOURITE_FORM_FIELDS.favourite)
  if (wanted instanceof HTMLInputElement) wanted.value = '0'
  const button = form.querySelector('button')
  if (!button) return
  button.setAttribute('aria-pressed', 'true')
  const label = button.getAttribute('aria-label')
  const saved = label ? /^Save (.*) to favourites$/.exec(label) : null
  if (saved) button.setAttribute('aria-label', `Remove ${saved[1]} from favourites`)
  button.querySelector('svg')?.setAttribute('fill', 'currentColor')
}

/** Fills the member's hearts among the page's empty ones; a failed call leaves them as they are. */
export async function fillMemberHearts(root: ParentNode = document): Promise<void> {
  const empty = new Map<number, Array<HTMLFormElement>>()
  for (const form of root.querySelectorAll<HTMLFormElement>(HEARTS)) {
    const id = itemIdOf(form)
    const wanted = form.elements.namedItem(FAVOURITE_FORM_FIELDS.favourite)
    if (id === null || !(wanted instanceof HTMLInputElement) || wanted.value !== '1') continue
    empty.set(id, [...(empty.get(id) ?? []), form])
  }
  const ids = [...empty.keys()].slice(0, MAX_IDS)
  if (ids.length === 0) return
  try {
    const answer = await postJsonAs(FAVOURITES_API.ids, { menuItemIds: ids }, FavouriteIds)
    for (const id of answer.menuItemIds) for (const form of empty.get(id) ?? []) fill(form)
  } catch {
    // A lapsed session or a failed call: the hearts stay empty, as the page was rendered.
  }
}
