import { resolve } from 'node:path'
import type { Plugin } from 'vite'
import { MESSAGES } from '../schemas/messages.ts'
import { inlineMessages } from './lib/inline-messages.ts'

const ROOT = resolve(import.meta.dirname, '..')
const FILL_MODULE = resolve(ROOT, 'schemas/message-format.ts')
const OWN_SOURCE = /\.(ts|tsx)$/

/**
 * The client build only: writes the spec's messages into the modules that use them
 * (scripts/lib/inline-messages.ts), so the messages module itself drops out of every chunk that
 * reads messages by their literal keys. Development and the worker read schemas/messages.ts as is.
 */
export function inlineClientMessages(): Plugin {
  return {
    name: 'storefront:inline-client-messages',
    apply: 'build',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    transform(code, id) {
      const path = id.split('?')[0] ?? id
      if (!OWN_SOURCE.test(path) || !path.startsWith(ROOT) || path.includes('node_modules')) {
        return null
      }
      const inlined = inlineMessages(code, MESSAGES, FILL_MODULE)
      return inlined === null ? null : { code: inlined, map: null }
    },
  }
}
