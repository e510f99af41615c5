import { describe, expect, it } from 'vitest'
import {
  attachProviderFrames,
  attachSandboxFrame,
  brandOfProvider,
  providerFieldIds,
  type CardFramesCallbacks,
  type MessageHost,
  type ProviderFramesConfig,
  type ProviderFramesGlobal,
} from '../../../client/lib/frames-provider.ts'
import type { CardBrand } from '../../../schemas/payments.ts'
import { FRAMES_MESSAGES } from '../../../schemas/payments.ts'

const EVENTS = {
  CARD_VALIDATION_CHANGED: 'cardValidationChanged',
  PAYMENT_METHOD_CHANGED: 'paymentMethodChanged',
  CARD_TOKENIZED: 'cardTokenized',
  CARD_TOKENIZATION_FAILED: 'cardTokenizationFailed',
} as const

/** A stand-in for the provider's `Frames` global that records calls and fires events. */
function fakeFrames(submitOutcome: () => Promise<unknown> = () => Promise.resolve({})) {
  const handlers = new Map<string, Set<(event: unknown) => void>>()
  const calls = { init: [] as Array<ProviderFramesConfig>, submit: 0, enable: 0 }
  const frames: ProviderFramesGlobal = {
    Events: EVENTS,
    init(config) {
      calls.init.push(config)
    },
    addEventHandler(event, handler) {
      const set = handlers.get(event) ?? new Set()
      set.add(handler)
      handlers.set(event, set)
    },
    removeEventHandler(event, handler) {
      return handlers.get(event)?.delete(handler) ?? false
    },
    submitCard() {
      calls.submit++
      return submitOutcome()
    },
    enableSubmitForm() {
      calls.enable++
    },
  }
  function fire(event: string, payload: unknown) {
    for (const handler of handlers.get(event) ?? []) handler(payload)
  }
  function listening(): number {
    return [...handlers.values()].reduce((sum, set) => sum + set.size, 0)
  }
  return { frames, calls, fire, listening }
}

/** Records what the island would be told, in order. */
function recorder() {
  const seen: Array<
    | { kind: 'validation'; valid: boolean; brand: CardBrand | null }
    | { kind: 'token'; token: string }
    | { kind: 'failed' }
  > = []
  const callbacks: CardFramesCallbacks = {
    onValidation: (valid, brand) => seen.push({ kind: 'validation', valid, brand }),
    onToken: (token) => seen.push({ kind: 'token', token }),
    onFailed: () => seen.push({ kind: 'failed' }),
  }
  return { seen, callbacks, last: () => seen.at(-1) }
}

const FIELDS = providerFieldIds('cardframes-1')

function attach(outcome?: () => Promise<unknown>) {
  const fake = fakeFrames(outcome)
  const island = recorder()
  const attached = attachProviderFrames(
    fake.frames,
    { publicKey: 'pk_test_4296fd52', fields: FIELDS },
    island.callbacks
  )
  return { ...fake, ...island, attached }
}

describe('the provider frames adapter', () => {
  it('starts the provider with our public key, our three containers and only our brands', () => {
    const { calls } = attach()
    expect(calls.init).toEqual([
      {
        publicKey: 'pk_test_4296fd52',
        localization: 'EN-GB',
        acceptedPaymentMethods: ['Visa', 'Mastercard', 'Discover', 'JCB'],
        cardNumber: { frameSelector: '#cardframes-1-card-number' },
        expiryDate: { frameSelector: '#cardframes-1-expiry-date' },
        cvv: { frameSelector: '#cardframes-1-cvv' },
      },
    ])
  })

  it('maps brand and validation events to the island state the sandbox frame gives', () => {
    const { fire, last } = attach()
    fire(EVENTS.PAYMENT_METHOD_CHANGED, { paymentMethod: 'Visa', isPaymentMethodAccepted: true })
    expect(last()).toEqual({ kind: 'validation', valid: false, brand: 'visa' })
    fire(EVENTS.CARD_VALIDATION_CHANGED, { isValid: true, isElementValid: {} })
    expect(last()).toEqual({ kind: 'validation', valid: true, brand: 'visa' })
    fire(EVENTS.PAYMENT_METHOD_CHANGED, { paymentMethod: 'Mastercard' })
    expect(last()).toEqual({ kind: 'validation', valid: true, brand: 'mastercard' })
    fire(EVENTS.CARD_VALIDATION_CHANGED, { isValid: false })
    expect(last()).toEqual({ kind: 'validation', valid: false, brand: 'mastercard' })
    // A malformed event after a valid one leaves the card not valid.
    fire(EVENTS.CARD_VALIDATION_CHANGED, { isValid: true })
    fire(EVENTS.CARD_VALIDATION_CHANGED, 'valid')
    expect(last()).toEqual({ kind: 'validation', valid: false, brand: 'mastercard' })
  })

  it('names Visa, Mastercard, Discover and JCB as ours and no other scheme', () => {
    expect(['Visa', 'Mastercard', 'Discover', 'JCB', 'MASTERCARD'].map(brandOfProvider)).toEqual([
      'visa',
      'mastercard',
      'discover',
      'jcb',
      'mastercard',
    ])
    for (const other of ['American Express', 'Diners Club', 'Maestro', '', undefined, 7]) {
      expect(brandOfProvider(other)).toBeNull()
    }
  })

  it('refuses another brand: never valid, and Pay fails without asking the provider', () => {
    const { fire, last, attached, calls } = attach()
    fire(EVENTS.PAYMENT_METHOD_CHANGED, { paymentMethod: 'American Express' })
    fire(EVENTS.CARD_VALIDATION_CHANGED, { isValid: true })
    expect(last()).toEqual({ kind: 'validation', valid: false, brand: null })
    attached.submit()
    expect(last()).toEqual({ kind: 'failed' })
    expect(calls.submit).toBe(0)
    // The provider's own refusal of a scheme counts too.
    fire(EVENTS.PAYMENT_METHOD_CHANGED, { paymentMethod: 'Visa', isPaymentMethodAccepted: false })
    expect(last()).toEqual({ kind: 'validation', valid: false, brand: 'visa' })
  })

  it('submits a valid card through submitCard and hands its token to the island', async () => {
    const { fire, last, attached, calls } = attach()
    fire(EVENTS.PAYMENT_METHOD_CHANGED, { paymentMethod: 'JCB' })
    fire(EVENTS.CARD_VALIDATION_CHANGED, { isValid: true })
    attached.submit()
    expect(calls.submit).toBe(1)
    fire(EVENTS.CARD_TOKENIZED, { token: 'tok_ubfj2q76miwundwlk72vxt2i7q', scheme: 'JCB' })
    expect(last()).toEqual({ kind: 'token', token: 'tok_ubfj2q76miwundwlk72vxt2i7q' })
    // The provider locks its form after a submit: a refused payment can try again.
    expect(calls.enable).toBe(1)
    await Promise.resolve()
  })

  it('reports a failed tokenisation, a token of another scheme and a token-less event as failed', async () => {
    const { fire, seen, attached, calls } = attach(() => Promise.reject(new Error('declined')))
    fire(EVENTS.PAYMENT_METHOD_CHANGED, { paymentMethod: 'Discover' })
    fire(EVENTS.CARD_VALIDATION_CHANGED, { isValid: true })
    attached.submit()
    // The promise's rejection is not left unhandled (vitest would fail the run).
    await new Promise((resolve) => setTimeout(resolve, 0))
    fire(EVENTS.CARD_TOKENIZATION_FAILED, { errorCode: 'x', message: 'y' })
    fire(EVENTS.CARD_TOKENIZED, { token: 'tok_amex', scheme: 'American Express' })
    fire(EVENTS.CARD_TOKENIZED, { scheme: 'Visa' })
    expect(seen.slice(-3)).toEqual([{ kind: 'failed' }, { kind: 'failed' }, { kind: 'failed' }])
    expect(seen.some((entry) => entry.kind === 'token')).toBe(false)
    expect(calls.enable).toBe(3)
  })

  it('detach removes every handler it added', () => {
    const { attached, listening, fire, seen } = attach()
    expect(listening()).toBe(4)
    attached.detach()
    expect(listening()).toBe(0)
    const before = seen.length
    fire(EVENTS.CARD_VALIDATION_CHANGED, { isValid: true })
    expect(seen.length).toBe(before)
  })
})

describe('the sandbox frame adapter', () => {
  const ORIGIN = 'http://localhost'

  function sandbox() {
    const listeners = new Set<(event: MessageEvent) => void>()
    const host: MessageHost = {
      addEventListener: (_type, listener) => listeners.add(listener),
      removeEventListener: (_type, listener) => listeners.delete(listener),
    }
    const posted: Array<[unknown, string]> = []
    const frameWindow = {
      postMessage: (message: unknown, origin: string) => posted.push([message, origin]),
    }
    const island = recorder()
    const attached = attachSandboxFrame(host, () => frameWindow, ORIGIN, island.callbacks)
    function send(data: unknown, from: { origin?: string; source?: unknown } = {}) {
      const event = new MessageEvent('message', { data, origin: from.origin ?? ORIGIN })
      Object.defineProperty(event, 'source', { value: from.source ?? frameWindow })
      for (const listener of listeners) listener(event)
    }
    return { ...island, attached, posted, send }
  }

  it('maps the frame messages to the same callbacks and posts submit to its origin only', () => {
    const { send, seen, attached, posted } = sandbox()
    send({ type: FRAMES_MESSAGES.validation, valid: true, brand: 'visa' })
    send({ type: FRAMES_MESSAGES.tokenized, token: 'tok_sbx' })
    send({ type: FRAMES_MESSAGES.failed })
    expect(seen).toEqual([
      { kind: 'validation', valid: true, brand: 'visa' },
      { kind: 'token', token: 'tok_sbx' },
      { kind: 'failed' },
    ])
    attached.submit()
    expect(posted).toEqual([[{ type: FRAMES_MESSAGES.submit }, ORIGIN]])
  })

  it('ignores messages from another origin or window, and after detach', () => {
    const { send, seen, attached } = sandbox()
    send({ type: FRAMES_MESSAGES.tokenized, token: 'tok_evil' }, { origin: 'https://evil.test' })
    send({ type: FRAMES_MESSAGES.tokenized, token: 'tok_evil' }, { source: {} })
    send({ type: 'other' })
    expect(seen).toEqual([])
    attached.detach()
    send({ type: FRAMES_MESSAGES.tokenized, token: 'tok_late' })
    expect(seen).toEqual([])
  })
})
