import type { Rule } from 'eslint'

/*
 * Page text in the catalogue (issue 43, ADR 058): a shopper-facing component says its words
 * through `text(MESSAGES.x)` (client/lib/page-text.ts), so a brand abroad reads them in its
 * language. This rule finds words that would escape the catalogue:
 * - JSX text with a letter in it (`<h1>Your basket</h1>`);
 * - a string with a letter in a JSX child expression (`{open ? 'Hide' : 'Show'}`);
 * - a string with a letter in a visible attribute (aria-label, placeholder, title, alt, and
 *   the shared components' string props that are said as they are given: label, hint, legend);
 * - a bare `MESSAGES.x` shown in a JSX child or an element's visible attribute: the English
 *   the build inlines, never said in the brand's language.
 * Words with no letter (`·`, `£`, `–`, `&times;`) are punctuation and pass.
 */

const VISIBLE = new Set([
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'placeholder',
  'title',
  'alt',
])
/** Props of our components that they show as given (a component's own label is said inside). */
const SHOWN_PROPS = new Set(['label', 'hint', 'legend', 'heading', 'description'])

const LETTER = /\p{L}/u

interface JsxName {
  type: string
  name?: unknown
  object?: JsxName
  property?: JsxName
}

/** An element's name as written: `p`, `TextField`, `Foo.Bar`. */
function elementName(name: JsxName | undefined): string {
  if (!name) return ''
  if (name.type === 'JSXIdentifier') return String(name.name)
  if (name.type === 'JSXMemberExpression') {
    return `${elementName(name.object)}.${elementName(name.property)}`
  }
  return ''
}

type Loose = Record<string, unknown> & { type: string }

function isNode(value: unknown): value is Loose {
  return (
    typeof value === 'object' && value !== null && typeof Reflect.get(value, 'type') === 'string'
  )
}

/** `MESSAGES.x` or `MESSAGES['x']`: a catalogue message in its English, unsaid. */
function isBareMessage(node: Loose): boolean {
  if (node.type !== 'MemberExpression') return false
  const object = node.object
  return isNode(object) && object.type === 'Identifier' && object.name === 'MESSAGES'
}

/**
 * The words an expression shows as it is: string literals and template text with a letter, and
 * bare messages, looking through the ways a value is picked (a ternary, `&&`, `??`, a template's
 * parts) but not into calls, whose answer is their own business (`text(…)`, `formatMoney(…)`).
 */
function shownWords(node: unknown): Array<{ node: Loose; kind: 'literal' | 'message' }> {
  if (!isNode(node)) return []
  switch (node.type) {
    case 'Literal':
      return typeof node.value === 'string' && LETTER.test(node.value)
        ? [{ node, kind: 'literal' }]
        : []
    case 'TemplateLiteral': {
      const quasis = Array.isArray(node.quasis) ? node.quasis : []
      const expressions = Array.isArray(node.expressions) ? node.expressions : []
      const lettered = quasis.some(
        (quasi: unknown) =>
          isNode(quasi) && LETTER.test(String((quasi.value as { cooked?: string }).cooked ?? ''))
      )
      return [
        ...(lettered ? [{ node, kind: 'literal' as const }] : []),
        ...expressions.flatMap(shownWords),
      ]
    }
    case 'ConditionalExpression':
      return [...shownWords(node.consequent), ...shownWords(node.alternate)]
    case 'LogicalExpression':
      return shownWords(node.right).concat(node.operator === '&&' ? [] : shownWords(node.left))
    case 'TSAsExpression':
    case 'TSNonNullExpression':
      return shownWords(node.expression)
    case 'MemberExpression':
      return isBareMessage(node) ? [{ node, kind: 'message' }] : []
    default:
      return []
  }
}

export const noUncataloguedText: Rule.RuleModule = {
  meta: {
    type: 'problem',
    docs: { description: 'shopper-facing page text goes through the catalogue (useText)' },
    messages: {
      text: "'{{words}}' is page text outside the catalogue: add it to schemas/page-messages.ts (and nl-NL-pages.ts) and say it with text(MESSAGES.x) (issue 43, ADR 058)",
      message:
        'a bare MESSAGES.x shows its English on every brand: say it with text(MESSAGES.x) (issue 43, ADR 058)',
    },
    schema: [],
  },
  create(context) {
    function report(node: Loose, kind: 'literal' | 'message', words: string): void {
      context.report({
        node: node as unknown as Rule.Node,
        messageId: kind === 'message' ? 'message' : 'text',
        data: { words: words.trim().replace(/\s+/g, ' ').slice(0, 60) },
      })
    }
    function reportShown(expression: unknown): void {
      for (const found of shownWords(expression)) {
        report(found.node, found.kind, context.sourceCode.getText(found.node as never))
      }
    }
    return {
      JSXText(node: Rule.Node) {
        const value = String((node as unknown as { value: string }).value)
        if (LETTER.test(value)) report(node as unknown as Loose, 'literal', value)
      },
      JSXExpressionContainer(node: Rule.Node) {
        // A child's expression: what it evaluates to is shown. An attribute's is checked below.
        const parent = (node as unknown as { parent?: Loose }).parent
        if (parent?.type !== 'JSXElement' && parent?.type !== 'JSXFragment') return
        reportShown((node as unknown as { expression: unknown }).expression)
      },
      JSXAttribute(node: Rule.Node) {
        const attribute = node as unknown as {
          name: JsxName
          value: Loose | null
          parent?: { name?: JsxName }
        }
        const name = elementName(attribute.name)
        const element = elementName(attribute.parent?.name)
        const component = /^[A-Z]/.test(element)
        const visible = VISIBLE.has(name) || (component && SHOWN_PROPS.has(name))
        if (!visible || !attribute.value) return
        const value =
          attribute.value.type === 'JSXExpressionContainer'
            ? attribute.value.expression
            : attribute.value
        // A component's prop may be said inside it (TextField says its label through text()):
        // only its literal words escape; an element's attribute is shown as it is.
        for (const found of shownWords(value)) {
          if (component && found.kind === 'message') continue
          report(found.node, found.kind, context.sourceCode.getText(found.node as never))
        }
      },
    }
  },
}

const HEAD_FIELDS = new Set(['title', 'description'])

/** A property's name as written: `title`, `'title'`. */
function propertyName(property: Loose): string | null {
  const key = property.key
  if (!isNode(key)) return null
  if (key.type === 'Identifier') return String(key.name)
  if (key.type === 'Literal' && typeof key.value === 'string') return key.value
  return null
}

/** Whether an object is the value of a `meta: { … }` property (a page's head for renderPage). */
function isMetaObject(object: Loose | undefined): boolean {
  const parent = (object as { parent?: Loose } | undefined)?.parent
  return parent?.type === 'Property' && propertyName(parent) === 'meta'
}

/**
 * The head a page handler writes (issue 43, ADR 061): a `title` or `description` in a worker
 * page handler is said from the catalogue (`requestSay(c)(MESSAGES.x, …)`), so a brand abroad
 * gets its own language in the tab, the search result and the link preview. Flags words written
 * as a string or template in such a property anywhere in a handler's module, and a bare
 * `MESSAGES.x` in a page's `meta` (its English on every brand). Data (a store's or item's name)
 * and a call's answer pass.
 */
export const noUncataloguedHead: Rule.RuleModule = {
  meta: {
    type: 'problem',
    docs: { description: "a page's title and description come from the catalogue" },
    messages: {
      text: "'{{words}}' is a page's {{field}} outside the catalogue: add it to schemas/page-messages-site.ts (and nl-NL-pages-site.ts) and say it with requestSay(c)(MESSAGES.x) (issue 43, ADR 061)",
      message:
        "a bare MESSAGES.x as a page's {{field}} shows its English on every brand: say it with requestSay(c)(MESSAGES.x) (issue 43, ADR 061)",
    },
    schema: [],
  },
  create(context) {
    return {
      Property(node: Rule.Node) {
        const property = node as unknown as Loose & { parent?: Loose }
        const field = propertyName(property)
        if (field === null || !HEAD_FIELDS.has(field)) return
        const inMeta = isMetaObject(property.parent)
        for (const found of shownWords(property.value)) {
          if (found.kind === 'message' && !inMeta) continue
          context.report({
            node: found.node as unknown as Rule.Node,
            messageId: found.kind === 'message' ? 'message' : 'text',
            data: {
              field,
              words: context.sourceCode
                .getText(found.node as never)
                .trim()
                .replace(/\s+/g, ' ')
                .slice(0, 60),
            },
          })
        }
      },
    }
  },
}

export default {
  rules: {
    'no-uncatalogued-text': noUncataloguedText,
    'no-uncatalogued-head': noUncataloguedHead,
  },
}
