import { describe, expect, it } from 'vitest'
import { MyDetailsFormSchema } from '../../../schemas/forms/my-details.ts'
import { RegisterFormSchema } from '../../../schemas/forms/register.ts'
import {
  storedWhereHeard,
  WHERE_HEARD_OPTIONS,
  whereHeardOptionsFor,
} from '../../../schemas/forms/where-heard.ts'

/*
 * "Where did you hear about us?": the value posted and stored is the English words members' rows
 * have always held; the label is a page message, said in the page's language (issue 43).
 */
describe('where-heard options', () => {
  it('store what members’ rows already hold, whatever the label says', () => {
    expect(WHERE_HEARD_OPTIONS.map((option) => option.value)).toEqual([
      'Search engine',
      'Social media',
      'Friend or family',
      'Leaflet or flyer',
      'Saw the store',
      'Other',
    ])
  })

  it('make a posted option exact in both forms’ parsers and keep any other answer as typed', () => {
    for (const schema of [RegisterFormSchema, MyDetailsFormSchema]) {
      expect(schema.parse({ whereHeard: ' social MEDIA ' }).whereHeard).toBe('Social media')
      expect(schema.parse({ whereHeard: 'The radio' }).whereHeard).toBe('The radio')
      expect(schema.parse({}).whereHeard).toBe('')
    }
    expect(storedWhereHeard('Other')).toBe('Other')
  })

  it('offer a member’s own earlier answer once, shown as typed', () => {
    expect(whereHeardOptionsFor('Saw the store')).toBe(WHERE_HEARD_OPTIONS)
    expect(whereHeardOptionsFor('')).toBe(WHERE_HEARD_OPTIONS)
    const withOwn = whereHeardOptionsFor('The radio 50%s')
    expect(withOwn).toHaveLength(WHERE_HEARD_OPTIONS.length + 1)
    expect(withOwn.at(-1)).toEqual({
      value: 'The radio 50%s',
      label: 'The radio 50%s',
      asTyped: true,
    })
  })
})
