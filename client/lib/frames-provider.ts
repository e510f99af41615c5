import { z } from 'zod'
import { FRAMES_MESSAGES } from '../../schemas/checkout-answers.ts'
import type { CardBrand } from '../../schemas/payments.ts'

/*
 * The embedded card frames (CARD_GATEWAY="frames") in the browser, behind one small interface the
 * card step's island drives: the provider's own frames (Checkout.com Frames v2, when
 * FRAMES_PUBLIC_KEY is set) or the local sandbox's frame (worker/sandbox-gateway/frames.ts).
 * Either way the island learns only whether the card is valid, its brand, a single-use token or
 * that tokenising failed; card numbers never reach our code.
 */

/** Where the provider's frames script is served from (CSP script-src, PCI DSS 6.4.3 inventory). */
export const FRAMES_SCRIPT_ORIGIN = 'https://cdn.checkout.com'
/**
 * The provider's frames script. Not pinned with Subresource Integrity: the provider serves this
 * one unversioned address and updates it in place without publishing a hash, so a pinned hash
 * would break the card step on their next release; CSP (its origin only, nonce'd tag, card step
 * only) limits what the page may load instead.
 */
export const FRAMES_SCRIPT_URL = `${FRAMES_SCRIPT_ORIGIN}/js/framesv2.min.js`
/** The id of the page's provider script tag: the island waits for it to load. */
export const FRAMES_SCRIPT_ID = 'card-frames-provider-script'

/** The provider's names for the brands we take (spec: Visa, Mastercard, Discover, JCB). */
const PROVIDER_BRANDS: Readonly<Record<string, CardBrand>> = {
  visa: 'visa',
  mastercard: 'mastercard',
  discover: 'discover',
  jcb: 'jcb',
}

/** Told to the provider so its own validation refuses every other scheme as well. */
export const ACCEPTED_PAYMENT_METHODS = ['Visa', 'Mastercard', 'Discover', 'JCB'] as const

/** Our brand for the provider's payment method or scheme name, or null for one we do not take. */
export function brandOfProvider(name: unknown): CardBrand | null {
  return typeof name === 'string' ? (PROVIDER_BRANDS[name.trim().toLowerCase()] ?? null) : null
}

/** What the card step's island is told, whichever frames it shows. */
export interface CardFramesCallbacks {
  /** The whole card (or the CVV frame's code) is valid or not; the brand as far as known. */
  onValidation: (valid: boolean, brand: CardBrand | null) => void
  onToken: (token: string) => void
  /** Tokenising failed, or the card is not one we take. */
  onFailed: () => void
}

/** Frames attached to the page: submit asks for a token, detach stops listening. */
export interface AttachedCardFrames {
  submit: () => void
  detach: () => void
}

type FramesHandler = (event: unknown) => void

/** The part of the provider's `Frames` global (Frames v2) the card step uses. */
export interface ProviderFramesGlobal {
  Events: {
    CARD_VALIDATION_CHANGED: string
    PAYMENT_METHOD_CHANGED: string
    CARD_TOKENIZED: string
    CARD_TOKENIZATION_FAILED: string
  }
  init: (config: ProviderFramesConfig) => void
  addEventHandler: (event: string, handler: FramesHandler) => void
  removeEventHandler: (event: string, handler: FramesHandler) => boolean
  submitCard: () => Promise<unknown>
  enableSubmitForm: () => void
}

/** The settings given to `Frames.init`: our key, our containers, our brands. */
export interface ProviderFramesConfig {
  publicKey: string
  localization: string
  acceptedPaymentMethods: ReadonlyArray<string>
  cardNumber: { frameSelector: string }
  expiryDate: { frameSelector: string }
  cvv: { frameSelector: string }
}

/** The ids of the page's three field containers the provider fills with its frames. */
export interface ProviderFieldIds {
  cardNumber: string
  expiryDate: string
  cvv: string
}

const ValidationEventSchema = z.object({ isValid: z.boolean() })
const PaymentMethodEventSchema = z.object({
  paymentMethod: z.string().optional(),
  isPaymentMethodAccepted: z.boolean().optional(),
})
const TokenizedEventSchema = z.object({
  token: z.string().min(1),
  scheme: z.string().optional(),
})

/** The containers' ids for an island: one set per island, so ids stay unique on the page. */
export function providerFieldIds(islandId: string): ProviderFieldIds {
  return {
    cardNumber: `${islandId}-card-number`,
    expiryDate: `${islandId}-expiry-date`,
    cvv: `${islandId}-cvv`,
  }
}

/**
 * Starts the provider's frames in the page's containers and maps its events to the island's
 * callbacks: valid only when the provider says so AND the brand is one we take; a token of any
 * other scheme is refused. Submitting an invalid card never reaches the provider.
 */
export function attachProviderFrames(
  frames: ProviderFramesGlobal,
  options: { publicKey: string; fields: ProviderFieldIds },
  callbacks: CardFramesCallbacks
): AttachedCardFrames {
  let cardValid = false
  let brand: CardBrand | null = null
  let accepted = true
  const valid = () => cardValid && accepted && brand !== null
  const report = () => callbacks.onValidation(valid(), brand)

  const handlers: Array<[string, FramesHandler]> = [
    [
      frames.Events.CARD_VALIDATION_CHANGED,
      (event) => {
        const parsed = ValidationEventSchema.safeParse(event)
        cardValid = parsed.success && parsed.data.isValid
        report()
      },
    ],
    [
      frames.Events.PAYMENT_METHOD_CHANGED,
      (event) => {
        const parsed = PaymentMethodEventSchema.safeParse(event)
        brand = parsed.success ? brandOfProvider(parsed.data.paymentMethod) : null
        accepted = parsed.success && parsed.data.isPaymentMethodAccepted !== false
        report()
      },
    ],
    [
      frames.Events.CARD_TOKENIZED,
      (event) => {
        // A new Pay needs a new token: the provider locks its form after each submit.
        frames.enableSubmitForm()
        const parsed = TokenizedEventSchema.safeParse(event)
        const scheme = parsed.success ? parsed.data.scheme : undefined
        if (!parsed.success || (scheme !== undefined && brandOfProvider(scheme) === null)) {
          callbacks.onFailed()
          return
        }
        callbacks.onToken(parsed.data.token)
      },
    ],
    [
      frames.Events.CARD_TOKENIZATION_FAILED,
      () => {
        frames.enableSubmitForm()
        callbacks.onFailed()
      },
    ],
  ]
  for (const [name, handler] of handlers) frames.addEventHandler(name, handler)
  frames.init({
    publicKey: options.publicKey,
    localization: 'EN-GB',
    acceptedPaymentMethods: ACCEPTED_PAYMENT_METHODS,
    cardNumber: { frameSelector: `#${options.fields.cardNumber}` },
    expiryDate: { frameSelector: `#${options.fields.expiryDate}` },
    cvv: { frameSelector: `#${options.fields.cvv}` },
  })

  return {
    submit() {
      if (!valid()) {
        callbacks.onFailed()
        return
      }
      // The outcome arrives as CARD_TOKENIZED or CARD_TOKENIZATION_FAILED; the promise's
      // rejection repeats the failure event, so it is only kept from being unhandled.
      frames.submitCard().catch(() => undefined)
    },
    detach() {
      for (const [name, handler] of handlers) frames.removeEventHandler(name, handler)
    },
  }
}

const SandboxMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal(FRAMES_MESSAGES.validation),
    valid: z.boolean().optional(),
    brand: z.unknown().optional(),
  }),
  z.object({ type: z.literal(FRAMES_MESSAGES.tokenized), token: z.string().min(1) }),
  z.object({ type: z.literal(FRAMES_MESSAGES.failed) }),
])

/** Where the sandbox frame's messages arrive: the page's window. */
export interface MessageHost {
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void
}

/** The sandbox frame's window, which we post to. */
export interface MessageTarget {
  postMessage(message: unknown, targetOrigin: string): void
}

/**
 * The local sandbox's frame, as the same callbacks: its messages are taken from its origin and
 * window only, and ours are posted to its origin only.
 */
export function attachSandboxFrame(
  host: MessageHost,
  frame: () => MessageTarget | null | undefined,
  frameOrigin: string,
  callbacks: CardFramesCallbacks
): AttachedCardFrames {
  function onMessage(event: MessageEvent) {
    const source = frame()
    if (event.origin !== frameOrigin || !source || event.source !== source) return
    const parsed = SandboxMessageSchema.safeParse(event.data)
    if (!parsed.success) return
    const message = parsed.data
    if (message.type === FRAMES_MESSAGES.validation) {
      callbacks.onValidation(message.valid === true, brandOfProvider(message.brand))
    } else if (message.type === FRAMES_MESSAGES.tokenized) {
      callbacks.onToken(message.token)
    } else {
      callbacks.onFailed()
    }
  }
  host.addEventListener('message', onMessage)
  return {
    submit() {
      frame()?.postMessage({ type: FRAMES_MESSAGES.submit }, frameOrigin)
    },
    detach() {
      host.removeEventListener('message', onMessage)
    },
  }
}

declare global {
  interface Window {
    Frames?: ProviderFramesGlobal
  }
}

/**
 * The provider's `Frames` global once the page's script tag has run; rejects when the script
 * fails to load or gives nothing within `timeoutMs`.
 */
export function providerFrames(timeoutMs = 15_000): Promise<ProviderFramesGlobal> {
  if (window.Frames) return Promise.resolve(window.Frames)
  return new Promise((resolve, reject) => {
    const script = document.getElementById(FRAMES_SCRIPT_ID)
    const timer = setTimeout(() => done(), timeoutMs)
    function done() {
      clearTimeout(timer)
      script?.removeEventListener('load', done)
      script?.removeEventListener('error', done)
      if (window.Frames) resolve(window.Frames)
      else reject(new Error('The card frames script did not load'))
    }
    if (!script) {
      done()
      return
    }
    script.addEventListener('load', done)
    script.addEventListener('error', done)
  })
}
