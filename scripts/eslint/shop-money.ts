import type { Rule, Scope } from 'eslint'

/*
 * Money in the shop's currency (issue 43, ADR 045): the formatters of schemas/money.ts and
 * schemas/locale.ts take the shop's locale and fall back to the UK's, so a call without one reads
 * '£' on a Dutch or Irish brand. Outside schemas/ every call of an imported formatter names the
 * locale (`formatMoney(pence, shop)`); the render's hooks (`const money = useMoney()`) already
 * carry it, and a local of the same name is not the import.
 */

/** The formatters whose second argument is the shop's locale. */
const FORMATTERS = new Set(['formatMoney', 'formatPremium', 'formatCurrency'])
const FORMATTER_MODULE = /\/schemas\/(?:money|locale)\.ts$/

/** The variable a name means where it is used, looked up through the enclosing scopes. */
function resolve(scope: Scope.Scope | null, name: string): Scope.Variable | null {
  for (let at = scope; at; at = at.upper) {
    const found = at.set.get(name)
    if (found) return found
  }
  return null
}

export const moneyInShopCurrency: Rule.RuleModule = {
  meta: {
    type: 'problem',
    docs: { description: "Money is formatted in the shop's currency, never the UK's by default." },
    messages: {
      ukDefault:
        "{{name}} without the shop's locale formats in pounds on every brand: pass it (requestLocale(c), useShopLocale(), businessLocale) or use useMoney().",
    },
    schema: [],
  },
  create(context) {
    return {
      CallExpression(node) {
        const callee = node.callee
        if (callee.type !== 'Identifier' || node.arguments.length >= 2) return
        const definition = resolve(context.sourceCode.getScope(node), callee.name)?.defs[0]
        if (definition?.type !== 'ImportBinding') return
        const imported = definition.node
        if (imported.type !== 'ImportSpecifier' || imported.imported.type !== 'Identifier') return
        if (!FORMATTERS.has(imported.imported.name)) return
        const from = definition.parent
        if (from.type !== 'ImportDeclaration' || typeof from.source.value !== 'string') return
        if (!FORMATTER_MODULE.test(from.source.value)) return
        context.report({ node, messageId: 'ukDefault', data: { name: imported.imported.name } })
      },
    }
  },
}

export default { rules: { 'in-shop-currency': moneyInShopCurrency } }
