import { describe, expect, it } from 'vitest'
import {
  createLatestTicket,
  isListboxKey,
  nextActiveIndex,
  suggestionsAnnouncement,
} from '../../../client/lib/combobox.ts'
import { countOf, translateEnglish } from '../../../schemas/message-catalogue.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import type { CountNoun } from '../../../schemas/count-nouns.ts'

const ADDRESSES = { count: 'addresses', none: MESSAGES.pageNoAddressesFound } as const

describe('nextActiveIndex', () => {
  it('moves down from the text to the first option and wraps at the end', () => {
    expect(nextActiveIndex(-1, 3, 'ArrowDown')).toBe(0)
    expect(nextActiveIndex(0, 3, 'ArrowDown')).toBe(1)
    expect(nextActiveIndex(2, 3, 'ArrowDown')).toBe(0)
  })

  it('moves up from the text to the last option and wraps at the start', () => {
    expect(nextActiveIndex(-1, 3, 'ArrowUp')).toBe(2)
    expect(nextActiveIndex(2, 3, 'ArrowUp')).toBe(1)
    expect(nextActiveIndex(0, 3, 'ArrowUp')).toBe(2)
  })

  it('jumps to the first and last option with Home and End', () => {
    expect(nextActiveIndex(1, 4, 'Home')).toBe(0)
    expect(nextActiveIndex(1, 4, 'End')).toBe(3)
  })

  it('keeps nothing active when there are no options', () => {
    expect(nextActiveIndex(-1, 0, 'ArrowDown')).toBe(-1)
    expect(nextActiveIndex(2, 0, 'End')).toBe(-1)
  })
})

describe('combobox helpers', () => {
  it('knows which keys move through the listbox', () => {
    expect(['ArrowDown', 'ArrowUp', 'Home', 'End'].every(isListboxKey)).toBe(true)
    expect(isListboxKey('Enter')).toBe(false)
    expect(isListboxKey('a')).toBe(false)
  })

  it('announces how many suggestions arrived', () => {
    expect(suggestionsAnnouncement(0, ADDRESSES)).toBe('No addresses found.')
    expect(suggestionsAnnouncement(1, ADDRESSES)).toBe(
      '1 address found. Use the up and down arrow keys to choose one.'
    )
    expect(suggestionsAnnouncement(5, ADDRESSES)).toMatch(/^5 addresses found\./)
    expect(
      suggestionsAnnouncement(1, { count: 'suggestions', none: MESSAGES.pageNoSuggestionsFound })
    ).toMatch(/^1 suggestion found\./)
  })

  it("announces them in the island's language", () => {
    const dutch = { locale: 'nl-NL' }
    const texts = {
      say: (english: string, ...values: Array<string | number>) =>
        translateEnglish(dutch, english, ...values),
      count: (noun: CountNoun, count: number) => countOf(dutch, noun, count),
    }
    expect(suggestionsAnnouncement(0, ADDRESSES, texts)).toBe('Geen adressen gevonden.')
    expect(suggestionsAnnouncement(1, ADDRESSES, texts)).toBe(
      '1 adres gevonden. Kies er een met de pijltjestoetsen omhoog en omlaag.'
    )
  })

  it('treats only the newest request as current, so a late older answer is ignored', () => {
    const tickets = createLatestTicket()
    const first = tickets.next()
    const second = tickets.next()
    expect(tickets.isLatest(first)).toBe(false)
    expect(tickets.isLatest(second)).toBe(true)
  })
})
