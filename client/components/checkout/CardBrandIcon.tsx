import type { CardBrand } from '../../../schemas/payments.ts'
import { CARD_BRAND_NAMES } from '../../lib/card-brands.ts'
import { MESSAGES } from '../../../schemas/messages.ts'
import { useText } from '../../lib/page-text.ts'

const FRAME = 'h-6 w-9 shrink-0 rounded'

// The brands' own wordmarks, drawn as their logos are: never translated.
const VISA_MARK = 'VISA'
const DISCOVER_MARK = 'DISC'

/** A card brand's mark as inline SVG, named for screen readers ('Visa'), or a plain card. */
export function CardBrandIcon({ brand }: { brand: CardBrand | null }) {
  const text = useText()
  const label = brand ? CARD_BRAND_NAMES[brand] : text(MESSAGES.pageCard)
  return (
    <svg viewBox="0 0 36 24" role="img" aria-label={label} className={FRAME}>
      <title>{label}</title>
      {brand === 'visa' ? (
        <>
          <rect width="36" height="24" rx="3" fill="#1a1f71" />
          <text
            x="18"
            y="16"
            textAnchor="middle"
            fontSize="10"
            fontWeight="700"
            fontStyle="italic"
            fill="#fff"
            fontFamily="Arial, sans-serif"
          >
            {VISA_MARK}
          </text>
        </>
      ) : brand === 'mastercard' ? (
        <>
          <rect width="36" height="24" rx="3" fill="#252525" />
          <circle cx="14.5" cy="12" r="7" fill="#eb001b" />
          <circle cx="21.5" cy="12" r="7" fill="#f79e1b" fillOpacity="0.9" />
        </>
      ) : brand === 'discover' ? (
        <>
          <rect width="36" height="24" rx="3" fill="#fff" stroke="#999" />
          <circle cx="25" cy="12" r="5" fill="#f48120" />
          <text x="4" y="14.5" fontSize="6" fontWeight="700" fill="#222" fontFamily="Arial">
            {DISCOVER_MARK}
          </text>
        </>
      ) : brand === 'jcb' ? (
        <>
          <rect width="36" height="24" rx="3" fill="#fff" stroke="#999" />
          <rect x="5" y="4" width="8" height="16" rx="2" fill="#0e4c96" />
          <rect x="14" y="4" width="8" height="16" rx="2" fill="#e21836" />
          <rect x="23" y="4" width="8" height="16" rx="2" fill="#007b40" />
        </>
      ) : (
        <>
          <rect width="36" height="24" rx="3" fill="#e5e7eb" stroke="#6b7280" />
          <rect y="6" width="36" height="4" fill="#6b7280" />
        </>
      )}
    </svg>
  )
}
