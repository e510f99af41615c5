// @ts-check
import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

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
  {
    // Issue 14: every request body goes through the one reader, which caps its size and depth.
    files: ['worker/**/*.{ts,tsx}'],
    ignores: ['worker/lib/request-body.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'MemberExpression[object.property.name=/^(req|raw)$/][property.name=/^(json|text|parseBody|formData|arrayBuffer|blob|body)$/]',
          message: 'Read request bodies with worker/lib/request-body.ts (size and depth limits).',
        },
      ],
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
