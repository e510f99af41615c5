import type { Context } from 'hono'
import type { PageChrome } from '../../../client/lib/page-chrome.ts'
import { StoreDirectorySchema } from '../../../schemas/stores.ts'
import type { StaffProfile } from '../../../schemas/staff.ts'
import type { AppEnv } from '../../env.ts'
import { CONSOLE_LINKS } from './render.tsx'

/** What every signed-in console page shows around itself. */
export function consoleFrame(chrome: PageChrome, staff: StaffProfile) {
  return { chrome, links: CONSOLE_LINKS, user: { name: staff.name } }
}

/** The business's store names by id (the directory's first 200: the console names, never gates). */
export async function storeNames(c: Context<AppEnv>): Promise<Map<number, string>> {
  const directory = await c.var.backend.post('/stores/directory', {
    body: { businessId: c.var.brand.businessId, page: 1, limit: 200 },
    schema: StoreDirectorySchema,
  })
  return new Map(directory.stores.map((store) => [store.id, store.name]))
}

/** The id in a console path (`/store/<storeId>/…`), or null when it is not one. */
export function pathId(value: string | undefined): number | null {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return null
  return Number(value)
}
