/**
 * Text to match literally inside a RegExp: every character a pattern gives a meaning to is
 * escaped, so a name, a message or a label with a '.', '(' or '$' matches only itself.
 */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
