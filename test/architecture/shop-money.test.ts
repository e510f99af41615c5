import { RuleTester } from 'eslint'
import tseslint from 'typescript-eslint'
import { describe, it } from 'vitest'
import { moneyInShopCurrency } from '../../scripts/eslint/shop-money.ts'

/*
 * The money rule of issue 43: an imported formatter called without the shop's locale fails lint
 * (it would write '£' on a Dutch brand); the render's hooks and calls with the locale pass.
 */

RuleTester.describe = describe
RuleTester.it = it

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
})

const MONEY = `import { formatMoney, formatPremium } from '../../schemas/money.ts'\n`

tester.run('in-shop-currency', moneyInShopCurrency, {
  valid: [
    { code: `${MONEY}const a = formatMoney(250, shop)` },
    { code: `${MONEY}const a = formatPremium(50, requestLocale(c))` },
    // The hook's function carries the locale; its local name shadows the import.
    { code: `${MONEY}function Row() { const formatMoney = useMoney(); return formatMoney(250) }` },
    // Another module's formatMoney is not the shop's formatter.
    { code: `import { formatMoney } from './csv.ts'\nconst a = formatMoney(250)` },
  ],
  invalid: [
    {
      code: `${MONEY}const a = formatMoney(250)`,
      errors: [{ messageId: 'ukDefault', data: { name: 'formatMoney' } }],
    },
    {
      code: `${MONEY}const a = say('%s back', formatPremium(50))`,
      errors: [{ messageId: 'ukDefault', data: { name: 'formatPremium' } }],
    },
    {
      code: `import { formatCurrency as money } from '../schemas/locale.ts'\nmoney(1250)`,
      errors: [{ messageId: 'ukDefault', data: { name: 'formatCurrency' } }],
    },
  ],
})
