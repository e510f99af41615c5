import type { OrderFoodInformation } from '../../../../schemas/food-information.ts'
import type { StoreOrderDetail } from '../../../../schemas/store-orders.ts'
import type { PageChrome } from '../../../../client/lib/page-chrome.ts'
import {
  ConsoleLayout,
  type ConsoleLinks,
  type ConsoleUser,
} from '../../../../client/components/store-console/ConsoleLayout.tsx'
import { methodLabel, slotLabel } from '../../../../client/lib/store-console-format.ts'

/*
 * An order's delivery note (issue 41): what goes in the bags and, for each food item, its
 * allergens and where its full food information is, because that information must be available
 * at delivery as well as before the sale (retained Regulation 1169/2011 art. 14). A page to
 * print with the browser; it needs no script.
 */

export interface DeliveryNoteProps {
  frame: { chrome: PageChrome; links: ConsoleLinks; user: ConsoleUser }
  order: StoreOrderDetail
  food: OrderFoodInformation
  /** Where the item pages are (the shop's origin), so a printed link can be typed in. */
  shopOrigin: string
  orderHref: string
}

export function DeliveryNotePage({ frame, order, food, shopOrigin, orderHref }: DeliveryNoteProps) {
  const address = order.deliveryAddress
  const lines = order.departments.flatMap((department) => department.lines)
  return (
    <ConsoleLayout {...frame}>
      <p className="print:hidden">
        <a href={orderHref} className="font-semibold text-primary underline underline-offset-4">
          ← Back to the order
        </a>
      </p>
      <h1 className="mt-2 text-2xl font-extrabold tracking-tight">
        Delivery note · Order {order.orderNumber}
      </h1>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-semibold">For</dt>
        <dd>
          {order.customer.firstName} {order.customer.lastName}
        </dd>
        <dt className="font-semibold">{methodLabel(order.fulfilmentMethod)}</dt>
        <dd>
          {slotLabel(order.slot)}
          {address
            ? ` · ${[address.addressLine1, address.addressLine2, address.town, address.postcode]
                .filter(Boolean)
                .join(', ')}`
            : ''}
        </dd>
      </dl>
      <section aria-labelledby="note-items" className="mt-6">
        <h2 id="note-items" className="text-lg font-bold">
          Items
        </h2>
        <ul className="mt-2 divide-y divide-black/10 text-sm">
          {lines.map((line) => (
            <li key={line.lineId} className="py-1">
              {line.quantity} × {line.name}
              {line.selections.length > 0 ? ` (${line.selections.join(', ')})` : ''}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="note-food" className="mt-6">
        <h2 id="note-food" className="text-lg font-bold">
          Food information
        </h2>
        {food.items.length === 0 ? (
          <p className="mt-2 text-sm">No food items in this order.</p>
        ) : (
          <>
            <p className="mt-1 text-sm text-ink/80">
              Allergens of each food item; its full food information (ingredients, nutrition,
              storage) is on its page.
            </p>
            <ul className="mt-2 space-y-3 text-sm">
              {food.items.map((item) => (
                <li key={item.path}>
                  <p className="font-semibold">{item.name}</p>
                  <p>{item.statement}</p>
                  <p className="break-all">
                    Full food information:{' '}
                    <a href={`${shopOrigin}${item.path}`} className="text-primary underline">
                      {`${shopOrigin}${item.path}`}
                    </a>
                  </p>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </ConsoleLayout>
  )
}
