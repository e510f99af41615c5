import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { ESLint, RuleTester } from 'eslint'
import tseslint from 'typescript-eslint'
import { describe, expect, it } from 'vitest'
import pageText, { noUncataloguedText } from '../../scripts/eslint/page-text.ts'
import {
  PAGE_TEXT_ALLOWLIST,
  PAGE_TEXT_EXCLUDED,
  PAGE_TEXT_FILES,
} from '../../scripts/eslint/page-text-scope.ts'

/*
 * Issue 43: no page text outside the catalogue. Words a shopper reads in a storefront component
 * (JSX text, a visible attribute, a bare English MESSAGES.x) fail, so a brand abroad never shows
 * an English word its catalogue could not translate; the files not converted yet are listed and
 * the list only shrinks. The catalogue test (test/unit/locale/message-catalogue.test.ts) fails on
 * a key missing from a catalogue.
 */

RuleTester.describe = describe
RuleTester.it = it

const jsx = {
  parser: tseslint.parser,
  parserOptions: { ecmaFeatures: { jsx: true } },
}
const tester = new RuleTester({ languageOptions: jsx })

tester.run('no-uncatalogued-text', noUncataloguedText, {
  valid: [
    { code: `const a = <h1>{text(MESSAGES.pageYourBasket)}</h1>` },
    { code: `const a = <p aria-label={text(MESSAGES.pageOrderSummary)}>{money(total)}</p>` },
    // Punctuation and numbers are no words.
    { code: `const a = <p>{count} · {money(total)} – £ &times; {'·'}</p>` },
    // A component says its label prop through the catalogue (TextField, SubmitButton).
    { code: `const a = <TextField label={MESSAGES.pageFirstName} name="first" />` },
    // Attributes nobody reads as words.
    { code: `const a = <input name="postcode" type="text" autoComplete="postal-code" />` },
    { code: `const a = <a href="/basket" className="flex gap-2">{count('items', 3)}</a>` },
  ],
  invalid: [
    { code: `const a = <h1>Your basket</h1>`, errors: [{ messageId: 'text' }] },
    { code: `const a = <p>{open ? 'Hide' : 'Show'}</p>`, errors: 2 },
    { code: 'const a = <p>{`${n} items`}</p>', errors: [{ messageId: 'text' }] },
    { code: `const a = <button aria-label="Remove">×</button>`, errors: 1 },
    { code: `const a = <input placeholder={'e.g. M1 1AE'} />`, errors: 1 },
    { code: `const a = <img alt="Basket" src="/b.svg" />`, errors: 1 },
    { code: `const a = <TextField label="Coupon code" name="code" />`, errors: 1 },
    { code: `const a = <p>{MESSAGES.basketEmpty}</p>`, errors: [{ messageId: 'message' }] },
    { code: `const a = <p title={MESSAGES.pageFree} />`, errors: [{ messageId: 'message' }] },
    { code: `const a = <p>{error ?? 'Something went wrong'}</p>`, errors: 1 },
  ],
})

const root = fileURLToPath(new URL('../..', import.meta.url))

// This lint runs the one rule: a disable comment naming another (react-hooks) is no finding.
const ours = (messages: ESLint.LintResult['messages']) =>
  messages.filter((message) => message.ruleId === 'page-text/no-uncatalogued-text')

function linter(ignores: ReadonlyArray<string>): ESLint {
  return new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: PAGE_TEXT_FILES,
        ignores: [...ignores],
        languageOptions: jsx,
        plugins: { 'page-text': pageText },
        rules: { 'page-text/no-uncatalogued-text': 'error' },
      },
    ],
  })
}

it(
  'finds no page text outside the catalogue in a shopper-facing file',
  { timeout: 60_000 },
  async () => {
    const results = await linter([...PAGE_TEXT_EXCLUDED, ...PAGE_TEXT_ALLOWLIST]).lintFiles(
      PAGE_TEXT_FILES
    )
    const found = results.flatMap((result) =>
      ours(result.messages).map(
        (message) => `${result.filePath.slice(root.length)}:${message.line} ${message.message}`
      )
    )
    expect(found).toEqual([])
  }
)

it(
  'lists only files that still hold uncatalogued text (the list shrinks)',
  { timeout: 60_000 },
  async () => {
    const missing = PAGE_TEXT_ALLOWLIST.filter((path) => !existsSync(`${root}${path}`))
    expect(missing).toEqual([])
    if (PAGE_TEXT_ALLOWLIST.length === 0) return
    const results = await linter(PAGE_TEXT_EXCLUDED).lintFiles([...PAGE_TEXT_ALLOWLIST])
    const clean = results
      .filter((result) => ours(result.messages).length === 0)
      .map((result) => result.filePath.slice(root.length))
    expect(clean).toEqual([])
  }
)
