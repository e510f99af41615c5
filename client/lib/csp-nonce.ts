import { setNonce } from 'get-nonce'

/**
 * The page's CSP nonce in the browser: the one the document's scripts carry (the browser hides
 * the attribute's value from markup but keeps it on the element's `nonce` property).
 */
export function documentNonce(): string | undefined {
  if (typeof document === 'undefined') return undefined
  return document.querySelector<HTMLElement>('script[nonce]')?.nonce || undefined
}

/**
 * Gives the page's nonce to the libraries that inject `<style>` elements at run time (the dialogs'
 * scroll lock, through get-nonce): without it the CSP blocks their styles and the page behind an
 * open dialog still scrolls.
 */
export function shareNonceWithStyleInjectors(): void {
  const nonce = documentNonce()
  if (nonce) setNonce(nonce)
}
