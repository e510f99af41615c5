import { normaliseHost } from '../../../lib/host.ts'

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/

/**
 * A domain as typed by an operator, normalised like the request's host (worker/lib/host.ts:
 * lower case, no port, no trailing dot), or null when it is not a domain name: a scheme or path,
 * an IP address, a single label other than localhost's subdomains, or a bad label.
 *
 * @example domainName('Shop.Example.com:443') // 'shop.example.com'
 */
export function domainName(typed: string): string | null {
  const value = typed.trim()
  if (/[/\s@?#]/.test(value) || value.includes('://')) return null
  const host = normaliseHost(value)
  if (host.length === 0 || host.length > 253) return null
  const labels = host.split('.')
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return null
  // An IPv4 address is not a brand's domain.
  if (labels.every((label) => /^\d+$/.test(label))) return null
  return host
}
