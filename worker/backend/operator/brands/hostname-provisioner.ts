/**
 * The port to whoever gives a brand's own domain its hostname and certificate (ADR 028):
 * Cloudflare for SaaS custom hostnames in production, a local stand-in otherwise. A domain serves
 * shoppers only once its status is active.
 */

/** Where a hostname is: waiting for DNS or its certificate, serving, or refused by the provider. */
export type HostnameState = 'pending' | 'active' | 'failed'

/** A record the operator must publish (DNS TXT/CNAME) or serve (HTTP) to prove the domain is theirs. */
export interface VerificationRecord {
  type: 'TXT' | 'CNAME' | 'HTTP'
  /** The DNS name, or the URL for HTTP. */
  name: string
  /** The record's value, or the body the URL must answer with. */
  value: string
}

/** What the provider says about one hostname. */
export interface HostnameStatus {
  /** The provider's id of the hostname (kept to check and delete it). */
  providerId: string
  status: HostnameState
  /** The certificate's state in the provider's words (e.g. 'pending_validation'), if any. */
  sslStatus: string | null
  records: Array<VerificationRecord>
  /** Why it failed or what it waits for, in the provider's words. */
  message: string | null
}

export interface HostnameProvisioner {
  /** Asks for the hostname and its certificate. */
  create(host: string): Promise<HostnameStatus>
  /** The hostname's current status. */
  get(providerId: string, host: string): Promise<HostnameStatus>
  /** Gives the hostname up; one already gone is not an error. */
  delete(providerId: string): Promise<void>
}
