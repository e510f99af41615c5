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
  'client/components/AddedTaxRows.tsx',
  'client/components/CookieTable.tsx',
  'client/components/SearchControls.tsx',
  'client/components/address-search/AddressSuggestionList.tsx',
  'client/components/catalogue/Breadcrumbs.tsx',
  'client/components/catalogue/FavouriteButton.tsx',
  'client/components/catalogue/ItemCard.tsx',
  'client/components/catalogue/ListingControls.tsx',
  'client/components/catalogue/MemberItemList.tsx',
  'client/components/catalogue/Pagination.tsx',
  'client/components/catalogue/Price.tsx',
  'client/components/catalogue/Promotions.tsx',
  'client/components/catalogue/StoreBar.tsx',
  'client/components/deal/MealDealSectionFieldset.tsx',
  'client/components/item/AgeConfirmation.tsx',
  'client/components/item/FoodFacts.tsx',
  'client/components/item/ItemFacts.tsx',
  'client/components/item/OptionFieldset.tsx',
  'client/components/item/QuickViewDialog.tsx',
  'client/components/item/WeighedItem.tsx',
  'client/islands/FlashToast.tsx',
  'client/islands/InterestForm.tsx',
  'client/islands/MealDealPicker.tsx',
  'client/islands/QuickAdd.tsx',
  'client/islands/QuickView.tsx',
  'client/islands/RobotCheckField.tsx',
  'client/islands/SearchSuggest.tsx',
  'client/pages/CategoryPage.tsx',
  'client/pages/ContactPage.tsx',
  'client/pages/ContentPage.tsx',
  'client/pages/DealPage.tsx',
  'client/pages/DeepLinkConfirmPage.tsx',
  'client/pages/ErrorPage.tsx',
  'client/pages/FaqPage.tsx',
  'client/pages/GroceryDeliveryPage.tsx',
  'client/pages/MenuItemPage.tsx',
  'client/pages/SearchPage.tsx',
  'client/pages/StoreDealsPage.tsx',
  'client/pages/StoreDirectoryPage.tsx',
  'client/pages/StoresNearByPage.tsx',
  'client/pages/TvPage.tsx',
]
