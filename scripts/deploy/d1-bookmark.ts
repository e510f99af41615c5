import { jsonIn } from './wrangler-output.ts'

/**
 * The bookmark in `wrangler d1 time-travel info DB --json` output (`{ "bookmark": "…" }`): the
 * database as it was just before the migrations, which `wrangler d1 time-travel restore` goes
 * back to. Null when the output holds none.
 */
export function bookmarkFrom(output: string): string | null {
  const info = jsonIn(output, '{')
  if (typeof info !== 'object' || info === null || !('bookmark' in info)) return null
  return typeof info.bookmark === 'string' && info.bookmark.trim() !== ''
    ? info.bookmark.trim()
    : null
}
