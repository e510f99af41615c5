// @ts-check
import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
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
    files: ['worker/backend/*/**/*.ts'],
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
  }
)
