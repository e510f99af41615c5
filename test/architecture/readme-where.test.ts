import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'

/*
 * The README's "Where do I change X" table (issue 38) names real files: a renamed or removed file
 * fails here, so the table cannot drift from the tree. Each answer is three to five places.
 */

const root = fileURLToPath(new URL('../..', import.meta.url))

function whereRows(readme: string): Array<{ what: string; paths: Array<string> }> {
  const start = readme.indexOf('### Where do I change X')
  const section = readme.slice(start, readme.indexOf('\n## ', start))
  return section
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| to add') && !/^\| -/.test(line))
    .map((line) => {
      const [, what = '', files = ''] = line.split('|').map((cell) => cell.trim())
      const paths = [...files.matchAll(/`([^`]+)`/g)]
        .map(([, path = '']) => path)
        .filter((path) => path.includes('/') && !path.includes('<'))
      return { what, paths }
    })
}

it('names files that exist, three to five for each change', () => {
  const rows = whereRows(readFileSync(join(root, 'README.md'), 'utf8'))
  expect(rows.map((row) => row.what)).toEqual([
    'a new order status',
    'an item page field',
    'a payment gateway',
    'an operator setting',
    'a new language',
    "a shopper's page text",
    'a tax rate or provider',
    'a new backend route',
  ])
  for (const { what, paths } of rows) {
    expect(paths.length, what).toBeGreaterThanOrEqual(3)
    expect(paths.length, what).toBeLessThanOrEqual(5)
    expect(
      paths.filter((path) => !existsSync(join(root, path))),
      what
    ).toEqual([])
  }
})
