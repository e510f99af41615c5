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
 * Where a page's head is written: the worker's page handlers (their `meta` for renderPage), in
 * either kind of module; the consoles and developer pages of PAGE_TEXT_EXCLUDED are out of scope.
 */
export const PAGE_HEAD_FILES = ['worker/pages/**/*.ts', 'worker/pages/**/*.tsx']
