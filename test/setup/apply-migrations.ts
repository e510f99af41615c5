import { applyD1Migrations, env } from 'cloudflare:test'

// Safe to re-run: applyD1Migrations skips migrations already recorded in d1_migrations.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS)
// The directory of shards (ADR 047): small, and every backend call reads it. The second shard is
// migrated only by the files that place a business on it (test/support/workers/shards.ts).
if (env.DIRECTORY) await applyD1Migrations(env.DIRECTORY, env.TEST_DIRECTORY_MIGRATIONS)
