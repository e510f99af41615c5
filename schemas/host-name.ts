// Host names as the shop stores and compares them (brand_hosts, brand_domains): shared by the
// worker (the brand of a request's host, the operator console's domains) and the scripts that
// write hosts (the bootstrap command), so a name means the same thing to both. No zod here.

/**
 * The host as brand_hosts stores it: lower case, no port, no trailing dot.
 *
 * @example normaliseHost('Shop.Example.com:8787') // 'shop.example.com'
 */
export function normaliseHost(host: string): string {
  const trimmed = host.trim().toLowerCase()
  // IPv6 literals keep their brackets: [::1]:8787 → [::1]
  const withoutPort = trimmed.startsWith('[')
    ? trimmed.slice(0, trimmed.indexOf(']') + 1)
    : (trimmed.split(':')[0] ?? '')
  return withoutPort.endsWith('.') ? withoutPort.slice(0, -1) : withoutPort
}

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/

/**
 * A domain as typed by an operator, normalised like the request's host ({@link normaliseHost}),
 * or null when it is not a domain name: a scheme or path, an IP address, a single label other
 * than localhost's subdomains, or a bad label.
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

/** A name the browser resolves to this machine itself (RFC 6761): nothing to verify. */
export function isLoopbackName(host: string): boolean {
  return host === 'localhost' || host.endsWith('.localhost')
}
