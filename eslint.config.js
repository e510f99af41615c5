// @ts-check
import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import logicalCss from './scripts/eslint/logical-css.ts'
import shopMoney from './scripts/eslint/shop-money.ts'
import pageText from './scripts/eslint/page-text.ts'
import {
  PAGE_HEAD_FILES,
  PAGE_TEXT_EXCLUDED,
  PAGE_TEXT_FILES,
} from './scripts/eslint/page-text-scope.ts'
import tseslint from 'typescript-eslint'

// Every redirect goes through redirectTo() (worker/lib/redirect.ts): a same-origin path, with its
// Cache-Control. A bare c.redirect() or Response.redirect() could send a browser anywhere.
const BARE_REDIRECT = {
  selector: "CallExpression[callee.type='MemberExpression'][callee.property.name='redirect']",
  message: 'Redirect with redirectTo() from worker/lib/redirect.ts (same-origin paths only).',
}

// Every request body goes through the one reader, which caps its size and depth.
const RAW_BODY_READ = {
  selector:
    'MemberExpression[object.property.name=/^(req|raw)$/][property.name=/^(json|text|parseBody|formData|arrayBuffer|blob|body)$/]',
  message: 'Read request bodies with worker/lib/request-body.ts (size and depth limits).',
}

// Layers point down (docs/decisions/013-layers-and-cookies.md): schemas ← lib ← middleware, proxy,
// pages; only the composition root wires them together. These use typescript-eslint's copy of
// no-restricted-imports so they never override, nor are overridden by, the other folders' rules.
const forbid = (folder, why) => ({ group: [`**/${folder}/**`], message: why })
const PAGES = forbid(
  'pages',
  'pages sit above this layer: move what both need to worker/lib or schemas'
)
const MIDDLEWARE = forbid(
  'middleware',
  'middleware is wired by the composition root only: share through worker/lib'
)
const PROXY = forbid(
  'proxy',
  'the proxy is wired by the composition root only: share through worker/lib'
)
const BACKEND = forbid(
  'backend',
  'reach the backend through the backend client (worker/lib/backend-client.ts)'
)
const SANDBOX = forbid(
  'sandbox-gateway',
  'the sandbox gateway is wired by the composition root only'
)
// Pages open a live board or an order's tracker through its handshake only; the objects
// themselves are the backend's.
const LIVE_INSIDE = {
  group: ['**/live/**', '!**/live/connect-board.ts', '!**/live/connect-tracker.ts'],
  message:
    'pages reach the live layer only through worker/live/connect-board.ts or connect-tracker.ts (ADR 013)',
}
const COMPONENTS = forbid('client/components', 'client components render in pages only')
const ISLANDS = forbid(
  'client/islands',
  'islands are browser code: share constants through schemas'
)
// Cookies are set and deleted only by worker/lib/cookies/, so a delete always has its set's flags.
const COOKIE_WRITES = {
  name: 'hono/cookie',
  importNames: ['setCookie', 'deleteCookie', 'setSignedCookie', 'generateCookie'],
  message: 'Set and delete cookies with worker/lib/cookies/ (one options function per cookie).',
}
const layerRule = (patterns, paths = [COOKIE_WRITES]) => ({
  '@typescript-eslint/no-restricted-imports': ['error', { patterns, paths }],
})

// ADR 004: SQL lives in repos. A statement is prepared only in a domain's repo.ts or a table's
// <table>-repo.ts, so every query of a table is found in one place.
const SQL_OUTSIDE_REPO = {
  selector: "CallExpression[callee.type='MemberExpression'][callee.property.name='prepare']",
  message: 'Prepare SQL only in a repo module (repo.ts or <table>-repo.ts; ADR 004).',
}
const REPO_FILES = ['**/repo.ts', '**/*-repo.ts']

// ADR 002: the backend stands alone (moving it out is configuration). It imports only itself,
// worker/lib and schemas; local stand-ins for outside services reach it as adapters.
const BACKEND_ONLY_IMPORTS = [
  { group: ['**/client/**'], message: 'the backend may not import client code' },
  {
    group: ['**/sandbox-gateway/**', '**/middleware/**', '**/pages/**', '**/proxy/**'],
    message: 'the backend imports only worker/backend, worker/lib and schemas (ADR 002)',
  },
]

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      '**/.wrangler/**',
      '.tsbuild/**',
      'node_modules/**',
      'worker/worker-configuration.d.ts',
      'test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/worker/**'], message: 'client code may not import worker code' },
          ],
        },
      ],
    },
  },
  // The browser calls the app's /api through client/lib/api.ts only: one error envelope, one
  // message for a failure, no island reading a response by hand (ADR 003).
  {
    files: ['client/**/*.{ts,tsx}'],
    ignores: ['client/lib/api.ts', 'client/components/tracking/leaflet-map.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        {
          name: 'fetch',
          message: "call the app's API with postJson/postJsonAs (client/lib/api.ts)",
        },
      ],
    },
  },
  // Class lists say start and end, never left and right, so a right-to-left brand mirrors
  // (issue 43; scripts/eslint/logical-css.ts).
  {
    files: ['client/**/*.{ts,tsx}', 'worker/**/*.tsx'],
    plugins: { 'logical-css': logicalCss },
    rules: { 'logical-css/no-physical-utilities': 'error' },
  },
  // Money is formatted in the shop's currency: a formatter's UK default is for schemas/ alone
  // (issue 43, ADR 045; scripts/eslint/shop-money.ts).
  {
    files: ['client/**/*.{ts,tsx}', 'worker/**/*.{ts,tsx}'],
    plugins: { 'shop-money': shopMoney },
    rules: { 'shop-money/in-shop-currency': 'error' },
  },
  // Shopper-facing page text comes from the catalogue, so a brand abroad reads its language
  // (issue 43, ADR 058; scripts/eslint/page-text.ts). Consoles and developer pages are out of
  // scope (page-text-scope.ts); no file is left out besides them.
  {
    files: PAGE_TEXT_FILES,
    ignores: PAGE_TEXT_EXCLUDED,
    plugins: { 'page-text': pageText },
    rules: { 'page-text/no-uncatalogued-text': 'error' },
  },
  // A page's title and description, written by its handler, come from the catalogue too.
  {
    files: PAGE_HEAD_FILES,
    ignores: PAGE_TEXT_EXCLUDED,
    plugins: { 'page-text': pageText },
    rules: { 'page-text/no-uncatalogued-head': 'error' },
  },
  // A file a reader cannot hold in mind is two files: none of ours is over 800 lines.
  {
    files: ['{worker,client,schemas,scripts,test,bench}/**/*.{ts,tsx}', '*.{ts,js}'],
    rules: { 'max-lines': ['error', { max: 800, skipBlankLines: false, skipComments: false }] },
  },
  // Islands are the browser's: the worker shares their constants and types through client/lib
  // or schemas/, so an island's code never lands in the worker bundle by an import.
  {
    files: ['worker/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/client/islands/**'],
              message:
                'the worker may not import islands: share constants via client/lib or schemas/',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['worker/backend/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...BACKEND_ONLY_IMPORTS,
            {
              group: ['../*.ts', '../*.tsx'],
              message: 'the backend imports only worker/backend, worker/lib and schemas (ADR 002)',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['worker/backend/*/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...BACKEND_ONLY_IMPORTS,
            {
              group: ['../../*.ts', '../../*.tsx'],
              message: 'the backend imports only worker/backend, worker/lib and schemas (ADR 002)',
            },
          ],
        },
      ],
    },
  },
  // A domain's sub-folder (member/addresses/) is one level deeper: worker/ is three levels up.
  {
    files: ['worker/backend/*/*/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...BACKEND_ONLY_IMPORTS,
            {
              group: ['../../../*.ts', '../../../*.tsx'],
              message: 'the backend imports only worker/backend, worker/lib and schemas (ADR 002)',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['worker/sandbox-gateway/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/backend/**', '**/client/**'],
              message: 'the sandbox gateway imports only worker/lib and schemas (ADR 002)',
            },
          ],
        },
      ],
    },
  },
  // Each file that implements one of these rules is exempt from that rule only.
  {
    files: ['worker/**/*.{ts,tsx}'],
    ignores: ['worker/lib/redirect.ts', 'worker/lib/request-body.ts'],
    rules: { 'no-restricted-syntax': ['error', BARE_REDIRECT, RAW_BODY_READ] },
  },
  {
    files: ['worker/lib/redirect.ts'],
    rules: { 'no-restricted-syntax': ['error', RAW_BODY_READ, SQL_OUTSIDE_REPO] },
  },
  {
    files: ['worker/lib/request-body.ts'],
    rules: { 'no-restricted-syntax': ['error', BARE_REDIRECT, SQL_OUTSIDE_REPO] },
  },
  {
    files: ['worker/**/*.{ts,tsx}'],
    ignores: ['worker/lib/redirect.ts', 'worker/lib/request-body.ts', ...REPO_FILES],
    rules: {
      'no-restricted-syntax': ['error', BARE_REDIRECT, RAW_BODY_READ, SQL_OUTSIDE_REPO],
    },
  },
  {
    files: ['schemas/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/worker/**', '**/client/**'], message: 'schemas may import only zod' },
          ],
        },
      ],
    },
  },
  {
    files: ['worker/lib/**/*.{ts,tsx}'],
    ignores: ['worker/lib/cookies/**'],
    rules: layerRule([PAGES, MIDDLEWARE, PROXY, BACKEND, SANDBOX, COMPONENTS, ISLANDS]),
  },
  // client/lib is below the components, islands and pages that use it (ADR 013, issue 38): pure
  // helpers, shared constants and types, which the worker may take too.
  {
    files: ['client/lib/**/*.{ts,tsx}'],
    rules: layerRule(
      [
        forbid('components', 'client/lib sits below the components: move what both need here'),
        forbid('islands', 'client/lib sits below the islands: move what both need here'),
        forbid('pages', 'client/lib sits below the pages: move what both need here'),
      ],
      []
    ),
  },
  // Components and islands sit below the pages (issue 38): what a component and a page both read
  // lives in client/lib or schemas, never in a page (the where-heard answers once did).
  {
    files: ['client/components/**/*.{ts,tsx}', 'client/islands/**/*.{ts,tsx}'],
    rules: layerRule(
      [forbid('pages', 'components and islands sit below the pages: move what both need down')],
      []
    ),
  },
  // A view holds no busy flag: a call's pending state is its hook's (ADR 003: useSubmit, useSWR or
  // the flow's named hook, a .ts file beside the island), which the view only renders.
  {
    files: ['client/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "VariableDeclarator[init.callee.name='useState'] > ArrayPattern > Identifier[name=/^set(Busy|Pending|Submitting|Sending|Saving|Locating|Paying|Loading)$/]",
          message:
            "a call's pending state lives in its hook (ADR 003), which the view only renders",
        },
      ],
    },
  },
  {
    files: ['worker/lib/cookies/**/*.ts'],
    rules: layerRule([PAGES, MIDDLEWARE, PROXY, BACKEND, SANDBOX, COMPONENTS, ISLANDS], []),
  },
  // A gateway's protocol (hashes, encodings, its addresses): below the backend's gateway, the
  // sandbox's stand-in and the CSP that all use it, on the kernel only.
  {
    files: ['worker/realex/**/*.ts'],
    rules: layerRule([PAGES, MIDDLEWARE, PROXY, BACKEND, SANDBOX, COMPONENTS, ISLANDS]),
  },
  {
    files: ['worker/middleware/**/*.{ts,tsx}'],
    rules: layerRule([PAGES, PROXY, BACKEND, SANDBOX, COMPONENTS, ISLANDS]),
  },
  {
    files: ['worker/proxy/**/*.{ts,tsx}'],
    rules: layerRule([PAGES, MIDDLEWARE, BACKEND, SANDBOX, COMPONENTS, ISLANDS]),
  },
  {
    files: ['worker/pages/**/*.{ts,tsx}'],
    rules: layerRule([MIDDLEWARE, PROXY, BACKEND, SANDBOX, LIVE_INSIDE]),
  },
  // The Durable Objects are the backend's live state (ADR 013, ADR 017 "Live board"): they use the
  // backend, lib and schemas, never what sits above them.
  {
    files: ['worker/live/**/*.ts'],
    rules: layerRule([PAGES, MIDDLEWARE, PROXY, SANDBOX, COMPONENTS, ISLANDS]),
  }
)
