import { applyD1Migrations, env } from 'cloudflare:test'
import { placeBusiness } from '../../worker/backend/directory/repo.ts'

/*
 * The "pool: two shards" project (ADR 047): the route tests again with their businesses placed
 * on the second shard. The tests' own seeds and reads (env.DB) go to that shard, the first shard
 * keeps nothing of theirs, and every backend call finds its shard through the directory.
 */
const second = env.SHARD_2
const directory = env.DIRECTORY
if (!second || !directory) throw new Error('wrangler.toml has no SHARD_2 or DIRECTORY binding')
await applyD1Migrations(second, env.TEST_MIGRATIONS)
// The demo business, the tests' own (2–5) and the demo's second business (20).
for (const businessId of [1, 2, 3, 4, 5, 20]) {
  await placeBusiness(directory, { businessId, shard: 'SHARD_2', hosts: [] })
}
// Named as the backend names a business's shard (envOfShard), so what the tests call directly
// (not through the backend) hands its effects on as the second shard's.
Object.assign(env, { DB: second, DB_SHARD: 'SHARD_2' })
