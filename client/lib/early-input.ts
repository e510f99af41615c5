// What a shopper did to an island before its script hydrated it: values typed or autofilled into
// its fields, and presses of its buttons. Hydration keeps the DOM as the server rendered it plus
// what the shopper typed, but the island's state starts from its props: without this a postcode
// typed early is wiped by the next render, and an early press does nothing (or navigates).

/** Buttons whose press an island handles: held until it hydrates, then pressed again. */
const PRESSABLE = 'button, input[type="submit"], input[type="image"], input[type="button"]'

/** The control a click pressed, when it is one an island would handle. */
export function pressedControl(event: MouseEvent): HTMLElement | null {
  // Other buttons and modified clicks keep the browser's own meaning (new tab, context menu…).
  if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) {
    return null
  }
  const target = event.target instanceof Element ? event.target : null
  const control = target?.closest<HTMLElement>(PRESSABLE) ?? null
  if (!control || control.matches(':disabled')) return null
  return control
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement

const UNTYPED = new Set(['hidden', 'submit', 'image', 'button', 'reset', 'file'])

/**
 * Sets a field's value or checked state with the element prototype's setter. React watches a
 * hydrated field through its own instance property: going round it is what makes the following
 * event read as the shopper's change (the way testing libraries type into React fields).
 */
function setNatively(
  field: HTMLInputElement | HTMLTextAreaElement,
  key: 'value' | 'checked',
  value: string | boolean
): void {
  const prototype = Object.getPrototypeOf(field) as object
  const setter = Object.getOwnPropertyDescriptor(prototype, key)?.set
  if (setter) setter.call(field, value)
  else Object.assign(field, { [key]: value })
}

function selectChanged(select: HTMLSelectElement): boolean {
  const options = Array.from(select.options)
  if (select.multiple) return options.some((option) => option.selected !== option.defaultSelected)
  // A single select with no default option starts on its first one.
  const initial = Math.max(
    0,
    options.findIndex((option) => option.defaultSelected)
  )
  return select.selectedIndex !== initial
}

/** Hands one changed field to the island as if it had been typed after hydration. */
function replayField(field: Field): void {
  if (field instanceof HTMLSelectElement) {
    if (selectChanged(field)) field.dispatchEvent(new Event('change', { bubbles: true }))
    return
  }
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
    if (field.checked === field.defaultChecked) return
    // A radio that lost its tick to another one is the other one's change, not its own.
    if (field.type === 'radio' && !field.checked) return
    const checked = field.checked
    field.checked = !checked
    setNatively(field, 'checked', checked)
    field.dispatchEvent(new Event('click', { bubbles: true }))
    return
  }
  if (field.value === field.defaultValue) return
  const typed = field.value
  // Setting the value moves the caret to the end: put it back where the shopper left it.
  const { selectionStart, selectionEnd } = field
  const focused = document.activeElement === field
  field.value = field.defaultValue
  setNatively(field, 'value', typed)
  field.dispatchEvent(new Event('input', { bubbles: true }))
  if (focused && selectionStart !== null && selectionEnd !== null) {
    try {
      field.setSelectionRange(selectionStart, selectionEnd)
    } catch {
      // Fields without a text selection (email, number) keep the caret where the browser put it.
    }
  }
}

/**
 * Gives a just-hydrated island every value the shopper typed or autofilled before it hydrated, as
 * the change events the island listens to, so its state takes them up instead of wiping them.
 */
export function replayEarlyValues(root: HTMLElement): void {
  for (const field of root.querySelectorAll<Field>('input, textarea, select')) {
    if (field instanceof HTMLInputElement && UNTYPED.has(field.type)) continue
    replayField(field)
  }
}
