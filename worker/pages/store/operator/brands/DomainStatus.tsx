import type { BrandDomain } from '../../../../../schemas/operator-brands.ts'

const LOOK: Record<BrandDomain['status'], { label: string; className: string }> = {
  active: { label: 'Active', className: 'bg-green-50 text-green-900 ring-green-700/40' },
  pending: { label: 'Pending', className: 'bg-amber-50 text-amber-900 ring-amber-700/40' },
  failed: { label: 'Failed', className: 'bg-red-50 text-red-900 ring-red-700/40' },
}

/** A domain's provisioning status as a labelled badge (words, not colour alone). */
export function DomainStatus({ domain }: { domain: BrandDomain }) {
  const look = LOOK[domain.status]
  return (
    <span
      className={`inline-flex rounded-full px-2 py-0.5 text-sm font-semibold ring-1 ${look.className}`}
    >
      {look.label}
      {domain.sslStatus && domain.status !== 'active'
        ? ` (certificate: ${domain.sslStatus.replace(/_/g, ' ')})`
        : ''}
    </span>
  )
}
