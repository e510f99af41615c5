// `npm ci` installs exactly what package-lock.json lists. npm resolves a package's optional
// dependencies (the per-platform binaries of tailwind's oxide, workerd, esbuild, rollup…) only for the
// platform it runs on unless the lock was written with all of them, and a lock missing another
// platform's entries fails `npm ci` there. This finds such gaps.

interface LockEntry {
  optionalDependencies?: Record<string, string>
  [field: string]: unknown
}

export interface LockFile {
  packages: Record<string, LockEntry>
}

/**
 * Every optional dependency the lock names but does not itself list, as "<package> -> <dependency>".
 * A dependency resolves as Node does: in the package's own node_modules, then each enclosing one.
 */
export function missingOptionalPackages(lock: LockFile): Array<string> {
  const gaps: Array<string> = []
  for (const [path, entry] of Object.entries(lock.packages)) {
    for (const name of Object.keys(entry.optionalDependencies ?? {})) {
      if (!resolves(lock, path, name)) gaps.push(`${path || '(root)'} -> ${name}`)
    }
  }
  return gaps
}

function resolves(lock: LockFile, from: string, name: string): boolean {
  // "node_modules/a/node_modules/b" is looked up from itself, then "node_modules/a", then the root.
  const segments = from === '' ? [] : from.split('/node_modules/')
  for (let depth = segments.length; depth >= 0; depth -= 1) {
    const base = segments.slice(0, depth).join('/node_modules/')
    const candidate = base === '' ? `node_modules/${name}` : `${base}/node_modules/${name}`
    if (candidate in lock.packages) return true
  }
  return false
}
