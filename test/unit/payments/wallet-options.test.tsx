import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { CardFrames } from '../../../client/islands/CardFrames.tsx'
import { PaymentForm, type PaymentFormProps } from '../../../client/islands/PaymentForm.tsx'
import { MESSAGES } from '../../../schemas/messages.ts'

const ORDER: PaymentFormProps['order'] = {
  storeId: 9200,
  fulfilmentMethod: 'delivery',
  fulfilmentDetails: { timing: 'future', timeSlotDate: '2026-11-22', timeSlotTime: '10:00' },
  names: { firstName: 'Ada', lastName: 'Lovelace' },
  emailAddress: 'ada@example.com',
  phoneNumber: '+447700900123',
  instructions: null,
  expectedTotal: 2500,
}

function render(overrides: Partial<PaymentFormProps> = {}) {
  return renderToString(
    <PaymentForm
      order={ORDER}
      total={5250}
      paymentOptions={{ paymentCard: true, applePay: true, googlePay: true, paymentCash: false }}
      savedCards={[]}
      cardGateway="realex"
      origin="http://localhost"
      attempt="00000000-0000-4000-8000-000000000000"
      billingHref="/checkout/payment/billing-address"
      timeSlotsHref="/time-slots"
      {...overrides}
    />
  )
}

function choices(html: string): Array<string> {
  return [...html.matchAll(/name="paymentSource" value="([^"]+)"/g)].map((match) => match[1] ?? '')
}

describe('the payment island: wallet options', () => {
  it('sandbox: Apple Pay and Google Pay are offered as sandbox sheets where the store takes them', () => {
    const html = render({ walletSandbox: true })
    expect(choices(html)).toEqual(['new-card', 'apple-pay', 'google-pay'])
    expect(html).toContain('Sandbox Apple Pay')
    expect(html).toContain('Sandbox Google Pay')
    expect(html).not.toContain('Not available yet')
  })

  it('only the wallets the store takes', () => {
    const html = render({
      walletSandbox: true,
      paymentOptions: { paymentCard: true, applePay: false, googlePay: true, paymentCash: true },
    })
    expect(choices(html)).toEqual(['new-card', 'cash', 'google-pay'])
  })

  it('not in sandbox: the server cannot know the device, so no wallet until the browser says so', () => {
    expect(choices(render({ walletSandbox: false }))).toEqual(['new-card'])
  })
})

describe('the card frames island', () => {
  it('frames the card form with a title and payment permission, Pay showing the amount', () => {
    const html = renderToString(
      <CardFrames
        frameUrl="http://localhost/sandbox-gateway/frames/frame/card"
        frameOrigin="http://localhost"
        order={ORDER}
        total={5250}
        origin="http://localhost"
        saveCard={false}
      />
    )
    expect(html).toContain('src="http://localhost/sandbox-gateway/frames/frame/card"')
    expect(html).toContain('title="Secure card details"')
    expect(html).toContain('allow="payment"')
    expect(html).toContain('Pay £52.50')
    expect(html).not.toContain(MESSAGES.cardFormInvalid)
  })
})
