// Generates a benchmark-sized dataset (default 10,000 stores and 100,000 menu items) and writes it
// as SQL, or loads it into a local D1 state directory.
//
//   node scripts/generate-large.ts --sql /tmp/large.sql [--stores 10000] [--items 100000]
//   node scripts/generate-large.ts --state-dir /tmp/bench-state   (then STOREFRONT_STATE_DIR=...)
//
// A state directory gets the migrations first, so it must be new or hold only earlier data of
// this script's own making (rows are inserted, not replaced).
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { countRows, totalRows } from './demo-data/dataset.ts'
import { generateDemoData } from './demo-data/generate.ts'
import { datasetToSql } from './demo-data/sql.ts'
import { readDemoInput } from './lib/demo-input.ts'
import { PROJECT_ROOT, runWrangler } from './lib/wrangler.ts'

const { values } = parseArgs({
  options: {
    stores: { type: 'string', default: '10000' },
    items: { type: 'string', default: '100000' },
    sql: { type: 'string' },
    'state-dir': { type: 'string' },
    seed: { type: 'string' },
  },
})
if (!values.sql && !values['state-dir']) {
  console.error(
    'Usage: node scripts/generate-large.ts (--sql FILE | --state-dir DIR) [--stores N] [--items N]'
  )
  process.exit(2)
}

const started = performance.now()
const dataset = generateDemoData(readDemoInput(), {
  stores: Number(values.stores),
  items: Number(values.items),
  overridesPerStore: 20,
  ...(values.seed ? { seed: Number(values.seed) } : {}),
})
const generated = performance.now()
console.log(
  `Generated ${totalRows(dataset)} rows (${countRows(dataset, 'stores')} stores, ${countRows(dataset, 'menu_items')} menu items) in ${seconds(generated - started)} s`
)

const scratch = values.sql ? null : mkdtempSync(join(tmpdir(), 'storefront-large-'))
const sqlFile = values.sql ? resolve(values.sql) : join(scratch ?? '', 'large.sql')
await writeSql(sqlFile)
console.log(`Wrote ${sqlFile} in ${seconds(performance.now() - generated)} s`)

if (values['state-dir']) {
  const state = resolve(PROJECT_ROOT, values['state-dir'])
  const loadStarted = performance.now()
  runWrangler(['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', state])
  runWrangler(['d1', 'execute', 'DB', '--local', '--persist-to', state, '--file', sqlFile, '--yes'])
  console.log(`Loaded into ${join(state, 'v3')} in ${seconds(performance.now() - loadStarted)} s`)
  if (scratch) rmSync(scratch, { recursive: true, force: true })
}
console.log(`Total ${seconds(performance.now() - started)} s`)

async function writeSql(path: string): Promise<void> {
  const out = createWriteStream(path)
  for (const chunk of datasetToSql(dataset)) {
    if (!out.write(chunk)) await new Promise((done) => out.once('drain', done))
  }
  await new Promise<void>((done, fail) =>
    out.end((error?: Error | null) => (error ? fail(error) : done()))
  )
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(1)
}
