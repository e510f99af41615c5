import { useSyncExternalStore } from 'react'

// A device's wallets do not change while the page is open.
const noChanges = () => () => undefined
const notOnServer = () => false

function walletAvailable(wallet: 'apple' | 'google'): boolean {
  if (wallet === 'apple') {
    const session = (window as { ApplePaySession?: { canMakePayments?: () => boolean } })
      .ApplePaySession
    return typeof session?.canMakePayments === 'function' && session.canMakePayments()
  }
  return 'PaymentRequest' in window
}

/**
 * Which device wallets this browser offers. The server cannot know the device, so both are
 * false there and in the first render, and appear after hydration where they are available.
 */
export function useWalletAvailability(): { apple: boolean; google: boolean } {
  const apple = useSyncExternalStore(noChanges, () => walletAvailable('apple'), notOnServer)
  const google = useSyncExternalStore(noChanges, () => walletAvailable('google'), notOnServer)
  return { apple, google }
}
