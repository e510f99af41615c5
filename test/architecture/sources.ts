import { readdirSync, readFileSync } from 'node:fs'
import { join, posix } from 'node:path'
import { fileURLToPath } from 'node:url'

/*
 * What the folder-boundary tests read (console-features, shopper-areas): the project's source
 * files and the files each imports by a relative path.
 */

export const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url))

/** Every .ts/.tsx file under `dir` (relative to the project), as a project-relative path. */
export function sourceFiles(dir: string): Array<string> {
  return readdirSync(join(PROJECT_ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = posix.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(entry.name) ? [path] : []
  })
}

export function readSource(file: string): string {
  return readFileSync(join(PROJECT_ROOT, file), 'utf8')
}

const RELATIVE_IMPORT = /(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g

/** The project-relative paths `file` imports by a relative specifier (static and dynamic). */
export function relativeImports(file: string, text: string): Array<string> {
  return [...text.matchAll(RELATIVE_IMPORT)].map(([, specifier = '']) =>
    posix.normalize(posix.join(posix.dirname(file), specifier))
  )
}
