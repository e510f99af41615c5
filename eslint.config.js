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

// Issue 14: every request body goes through the one reader, which caps its size and depth.
const RAW_BODY_READ = {
  selector:
    'MemberExpression[object.property.name=/^(req|raw)$/][property.name=/^(json|text|parseBody|formData|arrayBuffer|blob|body)$/]',
  message: 'Read request bodies with worker/lib/request-body.ts (size and depth limits).',
}

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
    files: ['worker/backend/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/client/**'], message: 'the backend may not import client code' },
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
    rules: { 'no-restricted-syntax': ['error', RAW_BODY_READ] },
  },
  {
    files: ['worker/lib/request-body.ts'],
    rules: { 'no-restricted-syntax': ['error', BARE_REDIRECT] },
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
