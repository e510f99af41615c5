import { expect, it } from 'vitest'
import { readSource, relativeImports, sourceFiles } from './sources.ts'

/*
 * The shopper's pages are area folders (issue 38, ADR 060), as the consoles are feature folders
 * (ADR 057, console-features.test.ts): each of worker/pages/<area>/ holds one area's handlers,
 * form readers and helpers. An area imports only its own folder, worker/pages/shared/ (render,
 * guards, forms, session, the request's basket: the page plumbing) and the layers below; shared/
 * imports no area, and neither do the consoles (worker/pages/store/) beyond shared/. Only the
 * files at the root (the pages sub-app, the route table, the error pages) mount the areas. Lint
 * keeps the layers; this keeps the areas apart, which a path pattern cannot say.
 */

const PAGES = 'worker/pages/'
const SHARED = 'shared'
const CONSOLES = 'store'
const ROUTERS = ['worker/pages/index.tsx', 'worker/pages/routes.ts', 'worker/pages/errors.tsx']

/** The folder of worker/pages/ a file sits in ('catalogue', 'shared', 'store'), or null. */
export function areaOf(file: string): string | null {
  if (!file.startsWith(PAGES)) return null
  const [folder, ...rest] = file.slice(PAGES.length).split('/')
  if (rest.length === 0 || folder === undefined) return null
  return folder
}

/** Each import of `file` that reaches into another shopper area (or a router), as a line. */
export function crossingsOf(file: string, text: string): Array<string> {
  if (!file.startsWith(PAGES) || ROUTERS.includes(file)) return []
  const own = areaOf(file)
  const found: Array<string> = []
  for (const target of relativeImports(file, text)) {
    if (!target.startsWith(PAGES)) continue
    const theirs = areaOf(target)
    if (theirs === own || theirs === SHARED) continue
    // The consoles are held apart feature by feature by console-features.test.ts.
    if (own === CONSOLES && theirs === CONSOLES) continue
    found.push(`${file} imports ${target}`)
  }
  return found
}

it('keeps each shopper area to its own folder, shared/ and the layers below', () => {
  const crossings = ['worker', 'client']
    .flatMap(sourceFiles)
    .flatMap((file) => crossingsOf(file, readSource(file)))
  expect(crossings, 'Shopper areas reaching into each other (ADR 060)').toEqual([])
})

it('leaves only the routers at the root of worker/pages', () => {
  const rootFiles = sourceFiles('worker/pages').filter((file) => areaOf(file) === null)
  expect(rootFiles.sort()).toEqual([...ROUTERS].sort())
})

it('finds the areas the shop is made of', () => {
  const areas = new Set(sourceFiles('worker/pages').map(areaOf))
  for (const area of ['catalogue', 'basket', 'checkout', 'account', 'member', 'orders']) {
    expect(areas.has(area), area).toBe(true)
  }
  for (const area of ['content', 'dev', 'media', SHARED, CONSOLES]) {
    expect(areas.has(area), area).toBe(true)
  }
})

it('refuses an area importing another, shared/ importing an area, and a page the router', () => {
  const basket = `import { favouriteIdsOf } from '../catalogue/favourites.tsx'`
  expect(crossingsOf('worker/pages/basket/forgotten.tsx', basket)).toEqual([
    'worker/pages/basket/forgotten.tsx imports worker/pages/catalogue/favourites.tsx',
  ])
  const shared = `import { loginPage } from '../account/login.tsx'`
  expect(crossingsOf('worker/pages/shared/guards.ts', shared)).toHaveLength(1)
  const router = `import type { PageHandler } from '../routes.ts'`
  expect(crossingsOf('worker/pages/content/content-page.tsx', router)).toHaveLength(1)
  const consoles = `import { basketPage } from '../../basket/basket.tsx'`
  expect(crossingsOf('worker/pages/store/order/handlers.tsx', consoles)).toHaveLength(1)
  const own = `import { renderPage } from '../shared/render.tsx'\nimport { x } from './login.tsx'`
  expect(crossingsOf('worker/pages/account/register.tsx', own)).toEqual([])
  const console = `import { storeOfPath } from '../session.ts'`
  expect(crossingsOf('worker/pages/store/board/live.ts', console)).toEqual([])
  expect(crossingsOf('worker/pages/index.tsx', basket)).toEqual([])
  const lower = `import { MenuItemPage } from '../../../client/pages/MenuItemPage.tsx'`
  expect(crossingsOf('worker/pages/catalogue/menu-item.tsx', lower)).toEqual([])
})
