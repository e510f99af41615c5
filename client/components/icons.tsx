// Decorative inline icons (24×24, currentColor). Each is aria-hidden: the text beside it names it.
import type { ReactNode } from 'react'

export function Svg({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      {children}
    </svg>
  )
}

type IconProps = { className?: string }

export const BasketIcon = ({ className }: IconProps) => (
  <Svg className={className}>
    <path d="M5 9h14l-1.5 10.5a2 2 0 0 1-2 1.5h-7a2 2 0 0 1-2-1.5z" />
    <path d="M9 9V7a3 3 0 0 1 6 0v2" />
  </Svg>
)
export const UserIcon = ({ className }: IconProps) => (
  <Svg className={className}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </Svg>
)
export const SignOutIcon = ({ className }: IconProps) => (
  <Svg className={className}>
    <path d="M9 20H6a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h3" />
    <path d="M16 17l5-5-5-5" />
    <path d="M21 12H9" />
  </Svg>
)
export const StoreIcon = ({ className }: IconProps) => (
  <Svg className={className}>
    <path d="M3 9l2-5h14l2 5" />
    <path d="M3 9a3 3 0 0 0 6 0 3 3 0 0 0 6 0 3 3 0 0 0 6 0" />
    <path d="M5 12v8h14v-8" />
    <path d="M10 20v-5h4v5" />
  </Svg>
)
export const PinIcon = ({ className }: IconProps) => (
  <Svg className={className}>
    <path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21z" />
    <circle cx="12" cy="9.5" r="2.5" />
  </Svg>
)
export const LocateIcon = ({ className }: IconProps) => (
  <Svg className={className}>
    <circle cx="12" cy="12" r="4" />
    <path d="M12 2v3M12 19v3M2 12h3M19 12h3" />
  </Svg>
)
export const SearchIcon = ({ className }: IconProps) => (
  <Svg className={className}>
    <circle cx="11" cy="11" r="7" />
    <path d="M20 20l-3.5-3.5" />
  </Svg>
)
export const ClockIcon = ({ className }: IconProps) => (
  <Svg className={className}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </Svg>
)
export const TruckIcon = ({ className }: IconProps) => (
  <Svg className={className}>
    <path d="M2 6h11v10H2zM13 10h4l3 3v3h-7z" />
    <circle cx="6" cy="18" r="2" />
    <circle cx="17" cy="18" r="2" />
  </Svg>
)
export const BagIcon = ({ className }: IconProps) => (
  <Svg className={className}>
    <path d="M6 7h12l1 14H5z" />
    <path d="M9 10V6a3 3 0 0 1 6 0v4" />
  </Svg>
)
export const PhoneIcon = ({ className }: IconProps) => (
  <Svg className={className}>
    <path d="M5 3h4l2 5-2.5 1.5a11 11 0 0 0 6 6L16 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 5a2 2 0 0 1 2-2" />
  </Svg>
)
export const MailIcon = ({ className }: IconProps) => (
  <Svg className={className}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="M3 7l9 6 9-6" />
  </Svg>
)
export const CheckIcon = ({ className }: IconProps) => (
  <Svg className={className}>
    <path d="M5 12.5l4.5 4.5L19 7.5" />
  </Svg>
)
export const AlertIcon = ({ className }: IconProps) => (
  <Svg className={className}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7.5v5.5M12 16.5v.01" />
  </Svg>
)
export const FacebookIcon = ({ className }: IconProps) => (
  <Svg className={className}>
    <path d="M14 8h3V4h-3a4 4 0 0 0-4 4v3H7v4h3v7h4v-7h3l1-4h-4V8z" />
  </Svg>
)
export const TwitterIcon = ({ className }: IconProps) => (
  <Svg className={className}>
    <path d="M4 4l16 16M20 4L4 20" />
  </Svg>
)
export const InstagramIcon = ({ className }: IconProps) => (
  <Svg className={className}>
    <rect x="3" y="3" width="18" height="18" rx="5" />
    <circle cx="12" cy="12" r="4" />
    <path d="M17.5 6.5v.01" />
  </Svg>
)
export const AppleIcon = ({ className }: IconProps) => (
  <Svg className={className}>
    <path d="M16 3c-1.5.2-3 1.3-3.2 3 1.6.1 3-1 3.2-3z" />
    <path d="M12.5 7.5c-1 0-2-.7-3.2-.7C7 6.8 5 8.8 5 12c0 4 2.6 9 5 9 1 0 1.5-.6 2.5-.6s1.4.6 2.5.6c1.8 0 3.4-3 4-5-2-.8-2.8-2.6-2.8-4.3 0-1.6.9-2.9 2.1-3.6-.8-1.1-2-1.8-3.3-1.8-1.2 0-1.8.7-2.5.7z" />
  </Svg>
)
export const PlayIcon = ({ className }: IconProps) => (
  <Svg className={className}>
    <path d="M5 3.5v17l15-8.5z" />
  </Svg>
)
export const CloseIcon = ({ className }: IconProps) => (
  <Svg className={className}>
    <path d="M6 6l12 12M18 6L6 18" />
  </Svg>
)
export const ArrowRightIcon = ({ className }: IconProps) => (
  <Svg className={className}>
    <path d="M5 12h14M13 6l6 6-6 6" />
  </Svg>
)
