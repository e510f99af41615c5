import { useEffect, useRef, useState } from 'react'

/**
 * Where a picker (an item's options, a meal deal's sections) sends focus: a group's first
 * control, the quantity, the age question or the Add button.
 */
export type PickerFocus<Group extends object> = Group | 'quantity' | 'age' | 'add'

/** The ids of a picker's quantity field, age question, Add button and status line. */
export interface PickerIds {
  quantityId: string
  ageId: string
  addId: string
  statusId: string
}

/**
 * A picker's element ids and `moveFocus`, which focuses its target after the next render: the
 * render that shows the errors, so their aria-describedby link is there. `groupControl` finds
 * the control to focus in a group.
 */
export function usePickerFocus<Group extends object>(
  id: string,
  groupControl: (group: Group) => HTMLElement | null | undefined
): PickerIds & { moveFocus: (target: PickerFocus<Group>) => void } {
  const ids: PickerIds = {
    quantityId: `${id}-quantity`,
    ageId: `${id}-age`,
    addId: `${id}-add`,
    statusId: `${id}-status`,
  }
  const focusTarget = useRef<PickerFocus<Group> | null>(null)
  const [, setFocusRequest] = useState(0)

  useEffect(() => {
    const target = focusTarget.current
    focusTarget.current = null
    if (target === null) return
    if (typeof target === 'object') {
      groupControl(target)?.focus()
    } else {
      const elementId = { quantity: ids.quantityId, age: `${ids.ageId}-confirm`, add: ids.addId }
      document.getElementById(elementId[target])?.focus()
    }
  })

  function moveFocus(target: PickerFocus<Group>) {
    focusTarget.current = target
    setFocusRequest((count) => count + 1)
  }

  return { ...ids, moveFocus }
}
