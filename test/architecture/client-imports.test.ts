import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'

/*
 * What the Worker may take from client/ (ADR 013, issue 38): the page rendering entry points
 * (worker/pages/**.tsx) render client components and pages (and take their props' types), and
 * any Worker layer but the backend,
 * the proxy and the live objects may use client/lib's pure helpers. Anything else — a constant,
 * a function or a type taken from a component or a page, or any client import in a module that
 * renders nothing — is a breach: what two layers share goes down to client/lib or schemas/.
 */

const root = fileURLToPath(new URL('../..', import.meta.url))

/**
 * Breaches known and left for now, each as the test prints it. Empty since issue 38's second
 * round (constants and types moved to client/lib, the forms' field names to schemas/forms/); a
 * breach found again is moved, not listed.
 */
const KNOWN_BREACHES: ReadonlyArray<string> = []

function sources(dir: string): Array<string> {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sources(path)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : []
  })
}

const IMPORT = /import\s+(type\s+)?([\w\s{},*]+?)\s+from\s+'([^']+)'/g
// Layers that may take nothing from client/ (ADR 013's table).
const NO_CLIENT = /^worker\/(backend|proxy|live|sandbox-gateway|sandbox-identity)\//

/** Each breach of `file` as a line: the name it takes, and from where. */
export function breachesOf(file: string, text: string): Array<string> {
  const found: Array<string> = []
  const renders = file.startsWith('worker/pages/') && file.endsWith('.tsx')
  for (const match of text.matchAll(IMPORT)) {
    const [, typeOnly, clause = '', specifier = ''] = match
    const at = specifier.indexOf('client/')
    if (!specifier.startsWith('.') || at < 0) continue
    const target = `client/${specifier.slice(at + 'client/'.length)}`
    const names = clause
      .replace(/[{}]/g, '')
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean)
    const inLib = target.startsWith('client/lib/')
    for (const name of names) {
      const isType = typeOnly !== undefined || name.startsWith('type ')
      const bare = (name.replace(/^type\s+/, '').split(/\s+as\s+/)[0] ?? '').trim()
      // What a rendering page takes: a component, a type of what it renders (its props), or the
      // components' drawing aids a view shares with them (a hook, a class list: ADR 057).
      const rendered = isType || /^[A-Z][a-z]/.test(bare) || /^use[A-Z]|_CLASS$/.test(bare)
      const allowed = NO_CLIENT.test(file)
        ? false
        : inLib || (renders && rendered && /^client\/(components|pages)\//.test(target))
      if (!allowed) found.push(`${file}: ${bare} from ${target}`)
    }
  }
  return found
}

it('takes from client/ only components for the pages that render them, and client/lib helpers', () => {
  const breaches = sources('worker')
    .map((path) => relative(root, join(root, path)))
    .flatMap((file) => breachesOf(file, readFileSync(join(root, file), 'utf8')))
  const unexpected = breaches.filter((breach) => !KNOWN_BREACHES.includes(breach))
  const gone = KNOWN_BREACHES.filter((breach) => !breaches.includes(breach))
  expect(unexpected, `Worker imports of client code (ADR 013):\n${unexpected.join('\n')}`).toEqual(
    []
  )
  expect(gone, 'breaches no longer found: take them off KNOWN_BREACHES').toEqual([])
})

it('refuses a constant of a component and any client import in the backend', () => {
  const card = `import { ADDRESS_FIELDS } from '../../../client/components/checkout/AddressFields.tsx'`
  expect(breachesOf('worker/pages/checkout/card-form.tsx', card)).toEqual([
    'worker/pages/checkout/card-form.tsx: ADDRESS_FIELDS from client/components/checkout/AddressFields.tsx',
  ])
  const page = `import { BasketPage } from '../../client/pages/BasketPage.tsx'`
  expect(breachesOf('worker/pages/basket/basket.tsx', page)).toEqual([])
  expect(breachesOf('worker/pages/basket/basket-forms.ts', page)).toHaveLength(1)
  const aids = `import { INPUT_CLASS, useRenderNow } from '../../../client/components/forms/Form.tsx'`
  expect(breachesOf('worker/pages/store/controls/View.tsx', aids)).toEqual([])
  expect(breachesOf('worker/pages/store/controls/handlers.ts', aids)).toHaveLength(2)
  const lib = `import { routePath } from '../../../client/lib/routes.ts'`
  expect(breachesOf('worker/middleware/x.ts', lib)).toEqual([])
  expect(breachesOf('worker/backend/x/y.ts', lib)).toHaveLength(1)
})
