/*
 * Where page text must come from the catalogue (issue 43, ADR 058; scripts/eslint/page-text.ts),
 * shared by eslint.config.js and test/architecture/page-text.test.ts.
 */

/** Shopper-facing components: the storefront's pages, their components and islands. */
export const PAGE_TEXT_FILES = [
  'client/pages/**/*.tsx',
  'client/components/**/*.tsx',
  'client/islands/**/*.tsx',
  'worker/pages/**/*.tsx',
]

/**
 * Not a shopper's: the store and operator consoles (staff of one business in one country, in
 * English until a console reads its staff member's language: a choice of its own), their shared
 * chrome and islands, and the developer pages that exist only in development.
 */
export const PAGE_TEXT_EXCLUDED = [
  'worker/pages/store/**',
  'client/components/store-console/**',
  'client/components/operator/**',
  'client/islands/StoreBoard.tsx',
  'client/islands/DriverLocation.tsx',
  'client/components/dev/**',
  'client/pages/Dev*.tsx',
  'worker/pages/dev/**',
]

/**
 * Shopper-facing files not converted yet: this list only shrinks. A file leaves it when its
 * text is in the catalogue (the architecture test fails while a listed file has no finding).
 */
export const PAGE_TEXT_ALLOWLIST: ReadonlyArray<string> = [
  'client/components/checkout/CardBrandIcon.tsx',
  'client/components/checkout/CheckoutFrame.tsx',
  'client/components/checkout/PostcodeFinder.tsx',
  'client/components/checkout/SandboxWalletSheet.tsx',
  'client/components/checkout/SavedAddressChoice.tsx',
  'client/components/member/AddressCard.tsx',
  'client/components/member/AddressForm.tsx',
  'client/components/member/AmendOrderLink.tsx',
  'client/components/member/ConfirmDelete.tsx',
  'client/components/member/DetailsSections.tsx',
  'client/components/member/MarketingOptIn.tsx',
  'client/components/member/OrderLines.tsx',
  'client/components/member/OrderMoney.tsx',
  'client/components/member/ReorderForm.tsx',
  'client/components/member/ReviewForm.tsx',
  'client/components/order-amend/AmendSlotField.tsx',
  'client/components/order-changes/DoorHandBack.tsx',
  'client/components/order-changes/OrderChanges.tsx',
  'client/components/payment/CashConfirmation.tsx',
  'client/components/payment/PaidByCreditForm.tsx',
  'client/components/payment/PaymentChoiceList.tsx',
  'client/components/referrals/MyReferrals.tsx',
  'client/components/referrals/ReferralInvitation.tsx',
  'client/components/referrals/ReferralOfferSection.tsx',
  'client/components/rewards/LoyaltyProgressCard.tsx',
  'client/components/rewards/RewardHistory.tsx',
  'client/components/rewards/RewardsCard.tsx',
  'client/components/tracking/TrackingMapView.tsx',
  'client/components/tracking/TrackingStatus.tsx',
  'client/islands/AddressFinder.tsx',
  'client/islands/AddressSearch.tsx',
  'client/islands/CardFrames.tsx',
  'client/islands/PaymentForm.tsx',
  'client/islands/ReferralShare.tsx',
  'client/islands/StoreCreditSwitch.tsx',
  'client/pages/BuyItAgainPage.tsx',
  'client/pages/CheckoutBillingAddressPage.tsx',
  'client/pages/CheckoutCardFormPage.tsx',
  'client/pages/FavouritesPage.tsx',
  'client/pages/ForgottenPage.tsx',
  'client/pages/PaymentAnswerRetryPage.tsx',
  'client/pages/ReferrerPage.tsx',
  'client/pages/member/AddressesPage.tsx',
  'client/pages/member/CardsPage.tsx',
  'client/pages/member/LoyaltyPage.tsx',
  'client/pages/member/MemberAmendPage.tsx',
  'client/pages/member/MemberOrderPage.tsx',
  'client/pages/member/MemberReceiptPage.tsx',
  'client/pages/member/MyDetailsPage.tsx',
  'client/pages/member/ProfilePage.tsx',
]
