// `node scripts/generate-id-rebuild.ts <migration file>` (ADR 063): writes the migration that
// rebuilds every table of a shard so its integer key is AUTOINCREMENT, from the schema the
// migrations before it make (scripts/lib/id-rebuild.ts, where the order of its steps is argued).
// A one-off: it wrote migrations/0115_ids_autoincrement.sql, and a unit test checks that file is
// still what it writes.
import { writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { rebuildSql, schemaBefore } from './lib/id-rebuild.ts'

const target = process.argv[2]
if (!target) {
  console.error('usage: node scripts/generate-id-rebuild.ts migrations/<nnnn>_<name>.sql')
  process.exit(1)
}
const file = resolve(target)
const migration = file.split('/').pop() as string
writeFileSync(file, rebuildSql(schemaBefore(migration)))
console.log(`wrote ${file}`)
