import { expect, it } from 'vitest'
import { readSource, relativeImports, sourceFiles } from './sources.ts'

/*
 * The consoles are feature folders (ADR 057, issue 38): each of worker/pages/store/<feature>/ and
 * worker/pages/store/operator/<feature>/ holds one feature's handlers, view and form schema. A
 * feature imports only its own folder, the shared console chrome (the files at the root of
 * worker/pages/store/ and of operator/, client/components/store-console/ and operator/) and the
 * layers below; the chrome imports no feature, except the two routers that mount them. Lint keeps
 * the layers (worker may not import islands, client may not import worker); this keeps the
 * features apart, which a path pattern cannot say.
 */

const STORE = 'worker/pages/store/'
const OPERATOR = 'worker/pages/store/operator/'
const ROUTERS = ['worker/pages/store/index.tsx', 'worker/pages/store/operator/index.ts']

/** The feature folder a file sits in ('worker/pages/store/order'), or null for chrome and the rest. */
export function featureOf(file: string): string | null {
  for (const base of [OPERATOR, STORE]) {
    if (!file.startsWith(base)) continue
    const [folder, ...rest] = file.slice(base.length).split('/')
    if (rest.length === 0 || folder === undefined) return null
    if (base === STORE && folder === 'operator') continue
    return base + folder
  }
  return null
}

/** Each import of `file` that crosses from one console feature into another, as a line. */
export function crossingsOf(file: string, text: string): Array<string> {
  const own = featureOf(file)
  const found: Array<string> = []
  for (const target of relativeImports(file, text)) {
    const theirs = featureOf(target)
    if (theirs === null || theirs === own) continue
    if (own === null && ROUTERS.includes(file)) continue
    found.push(`${file} imports ${target}`)
  }
  return found
}

it('keeps each console feature to its own folder, the chrome and the layers below', () => {
  const crossings = ['worker', 'client']
    .flatMap(sourceFiles)
    .flatMap((file) => crossingsOf(file, readSource(file)))
  expect(crossings, `Console features reaching into each other (ADR 057)`).toEqual([])
})

it('finds the features the consoles are made of', () => {
  const features = new Set(sourceFiles('worker/pages/store').map(featureOf))
  for (const feature of ['board', 'order', 'controls', 'account', 'sign-in']) {
    expect(features.has(STORE + feature), feature).toBe(true)
  }
  for (const feature of ['stores', 'brands', 'catalogue', 'staff', 'insight', 'order-archive']) {
    expect(features.has(OPERATOR + feature), feature).toBe(true)
  }
})

it('refuses a feature importing another, and chrome importing a feature', () => {
  const board = `import { OrderFacts } from '../order/OrderFacts.tsx'`
  expect(crossingsOf('worker/pages/store/board/BoardPage.tsx', board)).toEqual([
    'worker/pages/store/board/BoardPage.tsx imports worker/pages/store/order/OrderFacts.tsx',
  ])
  const brands = `import { StoreTabs } from '../stores/StoreFields.tsx'`
  expect(crossingsOf('worker/pages/store/operator/brands/BrandPage.tsx', brands)).toHaveLength(1)
  const chrome = `import { orderPage } from './order/handlers.tsx'`
  expect(crossingsOf('worker/pages/store/render.tsx', chrome)).toHaveLength(1)
  expect(crossingsOf('worker/pages/store/index.tsx', chrome)).toEqual([])
  const own = `import { parseOrderAction } from './order-form.ts'\nimport { x } from '../render.tsx'`
  expect(crossingsOf('worker/pages/store/order/handlers.tsx', own)).toEqual([])
  const lower = `import { OperatorLayout } from '../../../../../client/components/operator/OperatorLayout.tsx'`
  expect(crossingsOf('worker/pages/store/operator/stores/StoresPages.tsx', lower)).toEqual([])
})
