import { describe, expect, it } from 'vitest'
import { FILL_NAME, inlineMessages } from '../../../scripts/lib/inline-messages.ts'
import { fillMessage } from '../../../schemas/message-format.ts'
import { formatMessage } from '../../../schemas/messages.ts'

const MESSAGES = { addItemFailed: 'Unable to add item to basket', ageRestricted: 'You must be %s' }
const FILL = '/repo/schemas/message-format.ts'

describe('inlining the client’s messages', () => {
  it('writes a message read by its key into the code', () => {
    const code = 'const a = MESSAGES.addItemFailed\nconst b = `${MESSAGES.addItemFailed}.`'
    expect(inlineMessages(code, MESSAGES, FILL)).toBe(
      'const a = "Unable to add item to basket"\nconst b = `${"Unable to add item to basket"}.`'
    )
  })

  it('fills formatted messages through the small formatter, imported once', () => {
    const code =
      'f(formatMessage(\n  \'ageRestricted\',\n  18\n), formatMessage("ageRestricted", 21))'
    const out = inlineMessages(code, MESSAGES, FILL) ?? ''
    expect(out.split('\n')[0]).toBe(`import { fillMessage as ${FILL_NAME} } from "${FILL}"`)
    expect(out).toContain(`${FILL_NAME}("You must be %s",\n  18\n)`)
    expect(out).toContain(`${FILL_NAME}("You must be %s", 21)`)
    expect(out).not.toContain('formatMessage')
  })

  it('leaves dynamic keys, unknown keys, other names and untouched modules alone', () => {
    expect(inlineMessages('formatMessage(key, 1)', MESSAGES, FILL)).toBeNull()
    expect(inlineMessages('MESSAGES.noSuchKey', MESSAGES, FILL)).toBeNull()
    expect(
      inlineMessages('OTHER_MESSAGES.addItemFailed; x.MESSAGES.addItemFailed', MESSAGES, FILL)
    ).toBeNull()
    expect(inlineMessages('const x = 1', MESSAGES, FILL)).toBeNull()
  })

  it('fills the same text formatMessage does', () => {
    expect(fillMessage('You must be at least %s to purchase this item', 18)).toBe(
      formatMessage('ageRestricted', 18)
    )
    expect(fillMessage('%s and %s', 'a')).toBe('a and ')
  })
})
