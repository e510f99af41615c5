import type { StoreOrderBoard } from '../../../../schemas/store-orders.ts'
import type { PageChrome } from '../../../../client/lib/page-chrome.ts'
import {
  ConsoleLayout,
  type ConsoleLinks,
  type ConsoleUser,
} from '../../../../client/components/store-console/ConsoleLayout.tsx'

import { StoreBoardIsland } from '../../../../client/components/store-console/console-islands.tsx'

interface Frame {
  chrome: PageChrome
  links: ConsoleLinks
  user: ConsoleUser
}

/** /store: the stores the signed-in member of staff may act for, and the driver's page. */
export function StoresPage({
  frame,
  stores,
  driverHref,
  operatorHref,
  emptyMessage,
}: {
  frame: Frame
  stores: ReadonlyArray<{ name: string; roles: string; href: string }>
  driverHref: string | null
  /** The operator console, for operators only. */
  operatorHref: string | null
  emptyMessage: string
}) {
  return (
    <ConsoleLayout {...frame}>
      {operatorHref ? (
        <p className="mb-6 rounded-xl bg-tint p-4">
          <a href={operatorHref} className="font-bold text-primary underline underline-offset-4">
            Operator console
          </a>
          <span className="block text-sm text-ink/80">
            Brands, stores, catalogue, promotions and content.
          </span>
        </p>
      ) : null}
      <h1 className="text-2xl font-extrabold tracking-tight">Your stores</h1>
      {stores.length ? (
        <ul className="mt-4 space-y-2">
          {stores.map((store) => (
            <li key={store.href}>
              <a
                href={store.href}
                className="flex min-h-14 items-center justify-between rounded-xl border-2 border-black/10 bg-white px-4 font-bold hover:border-primary"
              >
                {store.name}
                <span className="text-sm font-normal text-ink/80">{store.roles}</span>
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4">{emptyMessage}</p>
      )}
      {driverHref ? (
        <p className="mt-6">
          <a href={driverHref} className="font-bold text-primary underline underline-offset-4">
            My deliveries
          </a>
        </p>
      ) : null}
    </ConsoleLayout>
  )
}

/** /store/<storeId>/board: the live order board (desktop first). */
export function BoardPage({
  frame,
  storeName,
  board,
  orderHref,
  boardApi,
  livePath,
  controlsHref = null,
}: {
  frame: Frame
  storeName: string
  board: StoreOrderBoard
  orderHref: string
  boardApi: string
  livePath: string
  /** The store's controls (pause new orders), for its manager and operators only. */
  controlsHref?: string | null
}) {
  return (
    <ConsoleLayout {...frame} wide>
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-extrabold tracking-tight">Orders · {storeName}</h1>
        {controlsHref ? (
          <a
            href={controlsHref}
            className="inline-flex min-h-11 items-center font-semibold text-primary underline underline-offset-4"
          >
            Store controls
          </a>
        ) : null}
      </div>
      <StoreBoardIsland
        board={board}
        orderHref={orderHref}
        boardApi={boardApi}
        livePath={livePath}
      />
    </ConsoleLayout>
  )
}
