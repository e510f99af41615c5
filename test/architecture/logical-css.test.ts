import { RuleTester } from 'eslint'
import tseslint from 'typescript-eslint'
import { describe, expect, it } from 'vitest'
import { logicalFormOf, noPhysicalUtilities } from '../../scripts/eslint/logical-css.ts'

/*
 * The class-list rule of issue 43 (right to left): a physical Tailwind utility in a className
 * fails lint and is fixed to its logical form; colours, sizes and symmetric utilities pass.
 */

RuleTester.describe = describe
RuleTester.it = it

const tester = new RuleTester({
  languageOptions: {
    parser: tseslint.parser,
    parserOptions: { ecmaFeatures: { jsx: true } },
  },
})

it('names the logical form of each physical utility, keeping variants and signs', () => {
  expect(logicalFormOf('ml-4')).toBe('ms-4')
  expect(logicalFormOf('md:-mr-2')).toBe('md:-me-2')
  expect(logicalFormOf('hover:!pl-[3px]')).toBe('hover:!ps-[3px]')
  expect(logicalFormOf('right-0')).toBe('end-0')
  expect(logicalFormOf('text-right')).toBe('text-end')
  expect(logicalFormOf('border-l')).toBe('border-s')
  expect(logicalFormOf('border-l-4')).toBe('border-s-4')
  expect(logicalFormOf('rounded-tl-lg')).toBe('rounded-ss-lg')
  expect(logicalFormOf('float-left')).toBe('float-start')
  for (const fine of [
    'mx-4',
    'px-2',
    'inset-x-0',
    'rounded-lg',
    'border-lime-500',
    'border-red-700',
    'border-x',
    'text-center',
    'leading-relaxed',
    'min-h-11',
  ]) {
    expect(logicalFormOf(fine), fine).toBeNull()
  }
})

tester.run('no-physical-utilities', noPhysicalUtilities, {
  valid: [
    { code: `const a = <p className="ms-2 pe-4 text-end start-0 border-s-4 rounded-se-lg" />` },
    { code: `const a = <p className={open ? 'mx-auto' : 'px-2'} />` },
    { code: `const a = <p title="left and right" className="flex" />` },
    // Centred with a translate: symmetric, so it stays.
    { code: `const a = <p className="fixed sm:left-1/2 sm:-translate-x-1/2" />` },
    // A string that is no class list is not read.
    { code: `const message = 'Turn left-2 at the lights'` },
  ],
  invalid: [
    {
      code: `const a = <p className="ml-2 text-right" />`,
      errors: [{ messageId: 'physical' }, { messageId: 'physical' }],
      output: `const a = <p className="ms-2 text-end" />`,
    },
    {
      code: 'const a = <p className={`mt-1 ${wide ? "pl-4" : "pr-4"}`} />',
      errors: [{ messageId: 'physical' }, { messageId: 'physical' }],
      output: 'const a = <p className={`mt-1 ${wide ? "ps-4" : "pe-4"}`} />',
    },
    {
      code: `const INPUT_CLASS = 'h-11 rounded-l-xl border-r-2'`,
      errors: [{ messageId: 'physical' }, { messageId: 'physical' }],
      output: `const INPUT_CLASS = 'h-11 rounded-s-xl border-e-2'`,
    },
    {
      code: `const props = { className: 'absolute left-0 top-0' }`,
      errors: [{ messageId: 'physical' }],
      output: `const props = { className: 'absolute start-0 top-0' }`,
    },
  ],
})
