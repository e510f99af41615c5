import { MESSAGES } from '../../../schemas/messages.ts'
import { shareOut, taxOn, type TaxJurisdictionRow } from '../../../schemas/sales-tax.ts'
import type { VatClass } from '../../../schemas/vat.ts'
import { AppError } from '../../lib/errors.ts'
import {
  assertTaxAnswerAddsUp,
  discountedLines,
  type TaxAnswer,
  type TaxCalculator,
  type TaxPlace,
  type TaxRequest,
} from './tax-calculator.ts'

/*
 * The local default of the tax port (ADR 055): a small table of state and provincial rates, no
 * network, for development, the tests and the demo. It is not a tax engine: it knows the state
 * rate only (no county, city or district taxes) of a few US states, and the federal and
 * provincial taxes of a few Canadian provinces. Production asks a hosted service instead.
 *
 * Sources, as entered on 2026-11-29 (check them again before relying on the table):
 * - US state rates and their grocery exemptions: each state's department of revenue (New York,
 *   New Jersey, Pennsylvania, Texas, California's CDTFA, Washington); Alabama taxes groceries
 *   at a reduced state rate (3 % from 2025-09-01, 4 % otherwise).
 * - The state of a ZIP code: its first three digits, from USPS's list of 3-digit ZIP prefixes.
 * - Canada: the CRA's GST/HST rates (HST 13 % in Ontario, 14 % in Nova Scotia from 2025-04-01,
 *   GST 5 % elsewhere), Revenu Québec's QST 9.975 %, British Columbia's PST 7 %; basic groceries
 *   are zero-rated for GST/HST and exempt from QST and BC PST. The province of a postal code:
 *   its first letter (Canada Post's forward sortation areas).
 */

/** A tax the place owes: its rate for each item class, null where the class is exempt. */
interface Jurisdiction {
  code: string
  name: string
  rates: Readonly<Record<VatClass, number | null>>
}

interface Region {
  country: 'US' | 'CA'
  matches: (postcode: string) => boolean
  jurisdictions: ReadonlyArray<Jurisdiction>
}

/** A state whose groceries ('zero' items) are exempt; other classes pay the state rate. */
function groceriesExempt(code: string, name: string, rate: number): Jurisdiction {
  return { code, name, rates: { zero: null, reduced: rate, standard: rate } }
}

function zipFrom(...ranges: ReadonlyArray<readonly [number, number]>) {
  return (postcode: string): boolean => {
    const prefix = /^(\d{3})\d{2}(?:-?\d{4})?$/.exec(postcode.trim())?.[1]
    if (prefix === undefined) return false
    const value = Number(prefix)
    return ranges.some(([from, to]) => value >= from && value <= to)
  }
}

function postalLetter(...letters: ReadonlyArray<string>) {
  return (postcode: string): boolean => {
    const first = postcode.trim().toUpperCase()
    return /^[A-Z]\d[A-Z] ?\d[A-Z]\d$/.test(first) && letters.includes(first.charAt(0))
  }
}

const GST = groceriesExempt('CA-GST', 'GST', 5000)

/** The local table: rates in thousandths of a percent (7250 = 7.25 %). */
export const LOCAL_TAX_REGIONS: ReadonlyArray<Region> = [
  {
    country: 'US',
    matches: zipFrom([100, 149]),
    jurisdictions: [groceriesExempt('US-NY', 'New York State sales tax', 4000)],
  },
  {
    country: 'US',
    matches: zipFrom([70, 89]),
    jurisdictions: [groceriesExempt('US-NJ', 'New Jersey sales tax', 6625)],
  },
  {
    country: 'US',
    matches: zipFrom([150, 196]),
    jurisdictions: [groceriesExempt('US-PA', 'Pennsylvania sales tax', 6000)],
  },
  {
    country: 'US',
    matches: zipFrom([350, 369]),
    jurisdictions: [
      {
        code: 'US-AL',
        name: 'Alabama sales tax',
        rates: { zero: 3000, reduced: 4000, standard: 4000 },
      },
    ],
  },
  {
    country: 'US',
    matches: zipFrom([750, 799], [885, 885]),
    jurisdictions: [groceriesExempt('US-TX', 'Texas sales tax', 6250)],
  },
  {
    country: 'US',
    matches: zipFrom([900, 961]),
    jurisdictions: [groceriesExempt('US-CA', 'California sales tax', 7250)],
  },
  {
    country: 'US',
    matches: zipFrom([980, 994]),
    jurisdictions: [groceriesExempt('US-WA', 'Washington sales tax', 6500)],
  },
  {
    country: 'CA',
    matches: postalLetter('K', 'L', 'M', 'N', 'P'),
    jurisdictions: [groceriesExempt('CA-ON-HST', 'HST', 13_000)],
  },
  {
    country: 'CA',
    matches: postalLetter('B'),
    jurisdictions: [groceriesExempt('CA-NS-HST', 'HST', 14_000)],
  },
  {
    country: 'CA',
    matches: postalLetter('G', 'H', 'J'),
    jurisdictions: [GST, groceriesExempt('CA-QC-QST', 'QST', 9975)],
  },
  {
    country: 'CA',
    matches: postalLetter('V'),
    jurisdictions: [GST, groceriesExempt('CA-BC-PST', 'PST', 7000)],
  },
  { country: 'CA', matches: postalLetter('T'), jurisdictions: [GST] },
]

function jurisdictionsOf(place: TaxPlace): ReadonlyArray<Jurisdiction> {
  const country = place.country.toUpperCase()
  const region = LOCAL_TAX_REGIONS.find(
    (candidate) => candidate.country === country && candidate.matches(place.postcode)
  )
  if (!region) throw new AppError('validation_error', MESSAGES.taxPlaceUnknown)
  return region.jurisdictions
}

/** A taxable amount: a line's, or a fee's share that follows that line's class. */
interface Part {
  key: string
  amount: number
  taxClass: VatClass
}

const DELIVERY = 'fee:delivery'
const SERVICE = 'fee:service'

/**
 * The parts a request is taxed on. A fee follows the goods it is charged for (the rule of most
 * states and of the GST/HST for delivery charges): it is shared out over the lines pro rata to
 * their net amounts and each share is taxed as its line's class. With no goods left to share by
 * (every line discounted to nothing), a fee is taxed as standard.
 */
function partsOf(request: TaxRequest): Array<Part> {
  const lines = discountedLines(request).filter((line) => line.amount > 0)
  const parts: Array<Part> = lines.map((line) => ({
    key: line.reference,
    amount: line.amount,
    taxClass: line.taxClass,
  }))
  for (const [key, fee] of [
    [DELIVERY, request.fees.delivery],
    [SERVICE, request.fees.service],
  ] as const) {
    if (fee <= 0) continue
    if (lines.length === 0) {
      parts.push({ key, amount: fee, taxClass: 'standard' })
      continue
    }
    const shares = shareOut(
      fee,
      lines.map((line) => line.amount)
    )
    lines.forEach((line, index) => {
      const amount = shares[index] ?? 0
      if (amount > 0) parts.push({ key, amount, taxClass: line.taxClass })
    })
  }
  return parts
}

/**
 * Rounding (ADR 055): once per jurisdiction and rate, half up, on the order's total taxable at
 * that rate, as the invoice shows it; that tax is then shared back over the lines and fees by
 * largest remainder, so the lines' tax adds up to the jurisdiction's to the cent and a refund can
 * give back a line's share exactly.
 */
export function localTax(request: TaxRequest): TaxAnswer {
  const jurisdictions = jurisdictionsOf(request.place)
  const parts = partsOf(request)
  const byKey = new Map<string, number>()
  const rows: Array<TaxJurisdictionRow> = []
  for (const jurisdiction of jurisdictions) {
    const buckets = new Map<number, Array<Part>>()
    for (const part of parts) {
      const rate = jurisdiction.rates[part.taxClass]
      if (rate === null || rate === 0) continue
      buckets.set(rate, [...(buckets.get(rate) ?? []), part])
    }
    for (const [rate, taxed] of [...buckets].sort(([a], [b]) => b - a)) {
      const taxable = taxed.reduce((sum, part) => sum + part.amount, 0)
      const tax = taxOn(taxable, rate)
      const shares = shareOut(
        tax,
        taxed.map((part) => part.amount)
      )
      taxed.forEach((part, index) => {
        byKey.set(part.key, (byKey.get(part.key) ?? 0) + (shares[index] ?? 0))
      })
      rows.push({ code: jurisdiction.code, name: jurisdiction.name, rate, taxable, tax })
    }
  }
  const answer: TaxAnswer = {
    lines: request.lines.map((line) => ({
      reference: line.reference,
      tax: byKey.get(line.reference) ?? 0,
    })),
    fees: { delivery: byKey.get(DELIVERY) ?? 0, service: byKey.get(SERVICE) ?? 0 },
    jurisdictions: rows,
    total: rows.reduce((sum, row) => sum + row.tax, 0),
    reference: null,
  }
  assertTaxAnswerAddsUp(answer)
  return answer
}

/** The local default as the port. */
export const localTaxCalculator: TaxCalculator = {
  calculate: (request) => Promise.resolve(localTax(request)),
}
