import { describe, expect, it } from 'vitest'
import lock from '../../../package-lock.json'
import { missingOptionalPackages } from '../../../scripts/lib/lock-file.ts'

describe('the lock file', () => {
  it("lists every platform's optional packages, so `npm ci` works on any machine", () => {
    expect(missingOptionalPackages(lock)).toEqual([])
  })

  it('finds an optional package the lock does not list, wherever it is nested', () => {
    const gappy = {
      packages: {
        '': { optionalDependencies: { fsevents: '^2' } },
        'node_modules/tool': { optionalDependencies: { 'tool-darwin-arm64': '1.0.0' } },
        'node_modules/tool/node_modules/inner': {
          optionalDependencies: { 'tool-linux-x64': '1.0.0', 'inner-win32': '1.0.0' },
        },
        'node_modules/tool/node_modules/tool-linux-x64': {},
        'node_modules/inner-win32': {},
      },
    }
    expect(missingOptionalPackages(gappy)).toEqual([
      '(root) -> fsevents',
      'node_modules/tool -> tool-darwin-arm64',
    ])
  })
})
