import { z } from 'zod'
import { MESSAGES } from '../../../schemas/messages.ts'
import { formatMoney } from '../../../schemas/money.ts'
import { namedDiscountTextIn } from '../../../schemas/named-discounts.ts'
import type { WiredAdapters } from '../adapters.ts'
import { businessLocale } from '../businesses-repo.ts'
import { orderFoodLines, orderFoodText } from '../catalogue/order-food.ts'
import type { EffectHandlers, EffectRun } from '../effects/handlers.ts'
import type { MarketingEnv } from '../marketing/adapters.ts'
import { sendPurchase } from '../marketing/effects.ts'
import { createMessenger, inBusinessLocale, type MessengerEnv } from '../messaging/messenger.ts'
import { publishOrderChange } from '../orders/events.ts'
import { trackingLinkFor } from '../tracking/link.ts'
import { orderSummary } from './orders.ts'
import { PLACED_EFFECTS } from './placed-effect-rows.ts'
import { weighedEmailLines } from './weighed-email-lines.ts'
import { orderVat } from '../orders/vat-repo.ts'
import { addedTaxEmailText, vatEmailText } from '../orders/vat-text.ts'

/*
 * What follows an order's placing (ADR 037): the shopper's confirmation email, the purchase
 * event for marketing, the store boards' "new order". Written in the confirm batch, so a placed
 * order always gets them, and run by the EFFECTS queue's consumer, so a provider that is down
 * delays them instead of failing the payment or losing them.
 */

export type PlacedEffectsEnv = MessengerEnv &
  MarketingEnv &
  Pick<Env, 'SESSION_SECRET'> &
  WiredAdapters &
  Env

const OrderPayloadSchema = z.object({ orderId: z.number().int().positive() })

async function summaryOf(env: PlacedEffectsEnv, effect: EffectRun) {
  const { orderId } = OrderPayloadSchema.parse(effect.payload)
  return orderSummary(env.DB, effect.businessId, orderId)
}

export const placedOrderHandlers: EffectHandlers<PlacedEffectsEnv> = {
  async [PLACED_EFFECTS.email](env, effect) {
    const summary = await summaryOf(env, effect)
    const { businessId } = effect
    const food = await orderFoodLines(env.DB, businessId, summary.draftOrderId)
    // The business's language, the order's own currency (fixed when it was placed).
    const shop = {
      ...(await businessLocale(env.DB, businessId)),
      currency: summary.totals.currency,
    }
    const email = await inBusinessLocale(env.DB, {
      businessId,
      channel: 'email',
      to: summary.contact.email,
      template: 'order_confirmation',
      idempotencyKey: effect.key,
      data: {
        businessOrderId: summary.businessOrderId,
        firstName: summary.contact.firstName,
        storeName: summary.storeName,
        fulfilmentMethod: summary.fulfilmentMethod,
        slotDate: summary.slotDate,
        slotStartsAt: summary.slotStartsAt,
        total: formatMoney(summary.totals.total, shop),
        // Weighed lines as estimates with their price per kg, and that picking sets the final
        // price (ADR 039); null when the order has none.
        ...weighedEmailLines(summary.lines, shop),
        // The VAT by rate, a line each (ADR 051): 'VAT 20%: £10.50 incl. £1.75 VAT'.
        vat: vatEmailText(await orderVat(env.DB, summary.draftOrderId), shop),
        // Tax added at checkout, a line a jurisdiction (ADR 055); only on such orders.
        ...(summary.addedTax ? { tax: addedTaxEmailText(summary.addedTax, shop) } : {}),
        // Each deal, the coupon and store credit on a line: 'Coupon SAVE10 −£2.00'.
        discounts:
          summary.discounts.length > 0
            ? summary.discounts.map(namedDiscountTextIn(shop)).join('\n')
            : null,
        // How it was paid: a card's brand and last four where the gateway named them.
        paymentMethod: summary.paidWith?.method ?? null,
        cardBrand: summary.paidWith?.cardBrand ?? null,
        cardLast4: summary.paidWith?.cardLast4 ?? null,
        // Food information must be available at delivery too (issue 41): each food item's
        // allergens and the page with its full food information, a line each.
        foodInformation: orderFoodText(food),
        // Spec §4's first tracking message: the shopper is told each state from here on.
        status: 'sent_to_store',
        message: MESSAGES.orderTrackingSentToStore,
        trackingPath: await trackingLinkFor(
          env,
          {
            businessId,
            orderId: summary.draftOrderId,
            orderNumber: summary.businessOrderId,
            slotDate: summary.slotDate,
          },
          effect.now
        ),
      },
    })
    await createMessenger(env).send(email)
  },

  async [PLACED_EFFECTS.purchase](env, effect) {
    const order = await summaryOf(env, effect)
    await sendPurchase({ env, now: effect.now }, { businessId: effect.businessId, order })
  },

  async [PLACED_EFFECTS.board](env, effect) {
    const summary = await summaryOf(env, effect)
    // A board that was not told shows the order on its next load; the event still comes late.
    await publishOrderChange(
      env,
      {
        businessId: effect.businessId,
        storeId: summary.storeId,
        orderId: summary.draftOrderId,
        status: 'sent_to_store',
        change: 'placed',
      },
      effect.now
    )
  },
}
