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
