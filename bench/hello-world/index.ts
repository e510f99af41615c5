// The baseline every page figure is compared with: the cheapest possible Worker on the same harness.
// With a KV binding (wrangler.assets.toml), `/kv/<n>` is the same Worker reading n values in one
// parallel wave: the floor of a page whose data is one KV wave (ADR 035), on this harness.

interface Env {
  KV?: KVNamespace
}

// The store home's seven KV entries average 8 KB (from 53 bytes of SEO head to a 38 KB tree).
const VALUE = 'x'.repeat(8 * 1024)
const MAX_READS = 16
const KV_READS_PATH = /^\/kv\/(\d+)$/

function text(body: string): Response {
  return new Response(body, { headers: { 'content-type': 'text/plain' } })
}

/** Reads `count` values at once; one missing (a fresh state) is written for the next request. */
async function kvReads(kv: KVNamespace, count: number): Promise<Response> {
  const keys = Array.from({ length: count }, (_, index) => `value-${index}`)
  const values = await Promise.all(keys.map((key) => kv.get(key)))
  const missing = keys.filter((_, index) => values[index] === null)
  await Promise.all(missing.map((key) => kv.put(key, VALUE)))
  const bytes = values.reduce((sum, value) => sum + (value?.length ?? 0), 0)
  return text(`${count} KV reads, ${bytes} bytes`)
}

export default {
  async fetch(request, env): Promise<Response> {
    const reads = KV_READS_PATH.exec(new URL(request.url).pathname)
    if (reads && env.KV) return kvReads(env.KV, Math.min(Number(reads[1]), MAX_READS))
    return text('Hello World!')
  },
} satisfies ExportedHandler<Env>
