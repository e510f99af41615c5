import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'

/*
 * ADR 049: the ICU runtime (intl-messageformat) carries its message parser, about 12 KB gzip,
 * whatever is precompiled. The worker formats the catalogues; nothing under client/ may import
 * them or the library, so no island's chunk grows by it.
 */

const root = fileURLToPath(new URL('../..', import.meta.url))
const FORBIDDEN =
  /from '(intl-messageformat|@formatjs\/[^']+|[./]+\/schemas\/message-catalogue\.ts|[./]+\/schemas\/catalogues\/[^']+)'/

function sources(dir: string): Array<string> {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sources(path)
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : []
  })
}

it('keeps the ICU message runtime and catalogues out of client code', () => {
  const importers = sources(join(root, 'client'))
    .filter((path) => FORBIDDEN.test(readFileSync(path, 'utf8')))
    .map((path) => relative(root, path))
  expect(importers).toEqual([])
})
