// The request's host as brand_hosts stores it; the rule itself is shared with the scripts that
// write hosts, so it lives in schemas/.
export { normaliseHost } from '../../schemas/host-name.ts'
