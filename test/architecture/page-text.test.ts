import { fileURLToPath } from 'node:url'
import { ESLint, RuleTester } from 'eslint'
import tseslint from 'typescript-eslint'
import { describe, expect, it } from 'vitest'
import pageText, { noUncataloguedHead, noUncataloguedText } from '../../scripts/eslint/page-text.ts'
import {
  PAGE_HEAD_FILES,
  PAGE_TEXT_EXCLUDED,
  PAGE_TEXT_FILES,
} from '../../scripts/eslint/page-text-scope.ts'

/*
 * Issue 43: no page text outside the catalogue. Words a shopper reads in a storefront component
 * (JSX text, a visible attribute, a bare English MESSAGES.x) fail, so a brand abroad never shows
 * an English word its catalogue could not translate, and so do the words of a page's title and
 * description a handler writes; no file is left out but the consoles' and the developer pages'.
 * The catalogue test (test/unit/locale/message-catalogue.test.ts) fails on
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

tester.run('no-uncatalogued-head', noUncataloguedHead, {
  valid: [
    {
      code: `renderPage(c, page, { meta: { title: say(MESSAGES.pageYourBasket), noindex: true } })`,
    },
    // Data and a call's answer are no words of ours; punctuation joins them.
    {
      code: 'const meta = { title: store.name, description: `${say(MESSAGES.metaBuyItem)}${summary}` }',
    },
    // A message filled in English and said later (the error page's title) is no page head.
    { code: `const content = { title: MESSAGES.pageSomethingWentWrong, message: error.message }` },
  ],
  invalid: [
    {
      code: `renderPage(c, page, { meta: { title: 'Your basket', description: 'Your basket' } })`,
      errors: 2,
    },
    { code: 'const meta = { title: `Order ${order.id}` }', errors: [{ messageId: 'text' }] },
    { code: `const content = { title: error ? 'Something went wrong' : 'Sorry' }`, errors: 2 },
    {
      code: `renderPage(c, page, { meta: { title: x, description: MESSAGES.incompatibleStore } })`,
      errors: [{ messageId: 'message' }],
    },
    {
      code: `const DEPARTMENTS = [{ name: 'Frozen', description: 'Stock up the freezer' }]`,
      errors: 1,
    },
  ],
})

const root = fileURLToPath(new URL('../..', import.meta.url))

function linter(files: ReadonlyArray<string>, rule: string): ESLint {
  return new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: [...files],
        ignores: PAGE_TEXT_EXCLUDED,
        languageOptions: jsx,
        plugins: { 'page-text': pageText },
        rules: { [`page-text/${rule}`]: 'error' },
      },
    ],
  })
}

// This lint runs the one rule: a disable comment naming another (react-hooks) is no finding.
async function findings(files: ReadonlyArray<string>, rule: string): Promise<Array<string>> {
  const results = await linter(files, rule).lintFiles([...files])
  return results.flatMap((result) =>
    result.messages
      .filter((message) => message.ruleId === `page-text/${rule}`)
      .map((message) => `${result.filePath.slice(root.length)}:${message.line} ${message.message}`)
  )
}

it(
  'finds no page text outside the catalogue in a shopper-facing file',
  { timeout: 60_000 },
  async () => {
    expect(await findings(PAGE_TEXT_FILES, 'no-uncatalogued-text')).toEqual([])
  }
)

it(
  'finds no page title or description outside the catalogue in a page handler',
  { timeout: 60_000 },
  async () => {
    expect(await findings(PAGE_HEAD_FILES, 'no-uncatalogued-head')).toEqual([])
  }
)
