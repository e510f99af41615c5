import type { Rule } from 'eslint'
import type { Node } from 'estree'
import { escapeRegExp } from '../../schemas/regex-escape.ts'

/*
 * Logical CSS for right-to-left brands (issue 43): a class list says start and end, never left
 * and right, so a brand whose <html dir="rtl"> mirrors the layout without a second stylesheet.
 * This rule finds a physical Tailwind utility (ml-4, pr-2, left-0, text-right, border-l-4,
 * rounded-tl-lg, float-left, ...) in a class list and names its logical form (ms-4, pe-2,
 * start-0, text-end, border-s-4, rounded-ss-lg, float-start). A class list is the string in a
 * JSX className or class (also inside a ternary, a template or a call such as clsx), an object's
 * className, or a constant named as one (INPUT_CLASS, BUTTON, CELL, LOOK, ...CLASSES).
 */

/** Physical utility prefix → its logical form (Tailwind v4). Longest first where they overlap. */
const LOGICAL: ReadonlyArray<readonly [string, string]> = [
  ['scroll-ml', 'scroll-ms'],
  ['scroll-mr', 'scroll-me'],
  ['scroll-pl', 'scroll-ps'],
  ['scroll-pr', 'scroll-pe'],
  ['rounded-tl', 'rounded-ss'],
  ['rounded-tr', 'rounded-se'],
  ['rounded-bl', 'rounded-es'],
  ['rounded-br', 'rounded-ee'],
  ['rounded-l', 'rounded-s'],
  ['rounded-r', 'rounded-e'],
  ['border-l', 'border-s'],
  ['border-r', 'border-e'],
  ['ml', 'ms'],
  ['mr', 'me'],
  ['pl', 'ps'],
  ['pr', 'pe'],
  ['left', 'start'],
  ['right', 'end'],
]
/** Whole utilities whose physical value has a logical one. */
const WHOLE: Readonly<Record<string, string>> = {
  'text-left': 'text-start',
  'text-right': 'text-end',
  'float-left': 'float-start',
  'float-right': 'float-end',
  'clear-left': 'clear-start',
  'clear-right': 'clear-end',
}

/**
 * The logical form of one class token, or null when it is not physical. Variants (md:, hover:),
 * the important mark and a negative value keep their places: `md:-ml-2` → `md:-ms-2`.
 */
export function logicalFormOf(token: string): string | null {
  const cut = token.lastIndexOf(':')
  const variants = token.slice(0, cut + 1)
  let utility = token.slice(cut + 1)
  let lead = ''
  while (utility.startsWith('!') || utility.startsWith('-')) {
    lead += utility[0]
    utility = utility.slice(1)
  }
  const whole = WHOLE[utility]
  if (whole) return variants + lead + whole
  for (const [physical, logical] of LOGICAL) {
    // border-l and rounded-l stand alone too; spacing and inset always take a value.
    const bare = physical.startsWith('border-') || physical.startsWith('rounded-')
    if (utility.startsWith(`${physical}-`) || (bare && utility === physical)) {
      // The dash keeps colours and sizes out: border-lime-500 and rounded-lg are no sides.
      const rest = utility.slice(physical.length)
      return variants + lead + logical + rest
    }
  }
  return null
}

/** Each physical token of a class list with its logical form. */
function physicalTokens(text: string): Array<{ token: string; logical: string }> {
  const tokens = text.split(/\s+/).filter(Boolean)
  return tokens.flatMap((token) => {
    // left-1/2 with -translate-x-1/2 centres the box: the same in both directions.
    const centring = /^(.*:)?left-1\/2$/.exec(token)
    if (centring && tokens.includes(`${centring[1] ?? ''}-translate-x-1/2`)) return []
    const logical = logicalFormOf(token)
    return logical ? [{ token, logical }] : []
  })
}

const CLASS_CONSTANT = /(^|_)(CLASS|CLASSES|BUTTON|INPUT|LINK|CELL|LOOK|STYLES?)(_|$)|Class(es)?$/

export const noPhysicalUtilities: Rule.RuleModule = {
  meta: {
    type: 'problem',
    docs: { description: 'class lists use logical utilities (ms-, pe-, start-, text-end ...)' },
    fixable: 'code',
    messages: {
      physical:
        "'{{token}}' is physical: use '{{logical}}' so a right-to-left brand mirrors (issue 43)",
    },
    schema: [],
  },
  create(context) {
    function check(node: Node, text: string): void {
      const found = physicalTokens(text)
      for (const { token, logical } of found) {
        context.report({
          node,
          messageId: 'physical',
          data: { token, logical },
          // One fix mends every token of the string, so fixes of one string never overlap.
          fix(fixer) {
            let source = context.sourceCode.getText(node)
            for (const each of found) {
              const escaped = escapeRegExp(each.token)
              source = source.replace(
                new RegExp(`(^|[\\s'"\`])${escaped}(?=[\\s'"\`]|$)`),
                `$1${each.logical}`
              )
            }
            return fixer.replaceText(node, source)
          },
        })
      }
    }
    /** Every string inside a class list's expression (ternaries, templates, calls). */
    function visit(value: unknown): void {
      if (Array.isArray(value)) return value.forEach(visit)
      if (!isNode(value)) return
      const node = value as unknown as Node
      if (node.type === 'Literal' && typeof node.value === 'string') return check(node, node.value)
      if (node.type === 'TemplateElement') return check(node, node.value.cooked ?? '')
      for (const [key, child] of Object.entries(value)) {
        if (key !== 'parent' && key !== 'loc' && key !== 'range') visit(child)
      }
    }
    return {
      JSXAttribute(node: Rule.Node) {
        // A JSX node is not in estree's types: read the two fields this needs.
        const attribute = node as unknown as {
          name: { type: string; name?: unknown }
          value: unknown
        }
        const name = attribute.name.type === 'JSXIdentifier' ? attribute.name.name : null
        if (name === 'className' || name === 'class') visit(attribute.value)
      },
      Property(node) {
        const key =
          node.key.type === 'Identifier'
            ? node.key.name
            : node.key.type === 'Literal'
              ? node.key.value
              : null
        if (key === 'className') visit(node.value)
      },
      VariableDeclarator(node) {
        if (node.id.type === 'Identifier' && CLASS_CONSTANT.test(node.id.name)) visit(node.init)
      },
    }
  },
}

/** A syntax tree node: an object with a string `type`. */
function isNode(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' && value !== null && typeof Reflect.get(value, 'type') === 'string'
  )
}

export default { rules: { 'no-physical-utilities': noPhysicalUtilities } }
