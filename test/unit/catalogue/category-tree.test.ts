import { describe, expect, it } from 'vitest'
import { categoryImages } from '../../../worker/backend/catalogue/items.ts'
import type { CategoryCountRow } from '../../../worker/backend/catalogue/repo.ts'
import { buildCategoryTree } from '../../../worker/backend/catalogue/service.ts'

function row(id: number, parentId: number | null, itemCount: number): CategoryCountRow {
  return {
    id,
    parent_id: parentId,
    slug: `c${id}`,
    name: `Category ${id}`,
    description: null,
    image_url: null,
    age_restriction: null,
    item_count: itemCount,
  }
}

describe('buildCategoryTree', () => {
  const rows = [
    row(1, null, 0),
    row(2, 1, 3),
    row(3, 1, 0),
    row(4, null, 2),
    row(5, 4, 1),
    row(6, 9, 5),
  ]

  it('nests children in order and counts their items into their parents', () => {
    const tree = buildCategoryTree(rows, null)
    expect(tree.map((node) => [node.slug, node.itemCount])).toEqual([
      ['c1', 3],
      ['c4', 3],
    ])
    expect(tree[0]?.children.map((node) => node.slug)).toEqual(['c2'])
  })

  it('leaves out empty categories and those whose parent is not in the list', () => {
    const slugs = JSON.stringify(buildCategoryTree(rows, null))
    expect(slugs).not.toContain('"c3"')
    expect(slugs).not.toContain('"c6"')
  })

  it('builds the sub-tree under one category', () => {
    expect(buildCategoryTree(rows, 4).map((node) => node.slug)).toEqual(['c5'])
  })
})

describe('categoryImages', () => {
  it('derives the densities from the mdpi_1x file or from a folder', () => {
    expect(categoryImages('/images/categories/dairy/mdpi_1x.svg')).toEqual({
      originals: '/images/categories/dairy/originals.svg',
      mdpi_1x: '/images/categories/dairy/mdpi_1x.svg',
      xhdpi_2x: '/images/categories/dairy/xhdpi_2x.svg',
      xxhdpi_3x: '/images/categories/dairy/xxhdpi_3x.svg',
      width: 160,
      height: 160,
    })
    expect(categoryImages('/images/other/')?.xxhdpi_3x).toBe('/images/other/xxhdpi_3x.svg')
    expect(categoryImages(null)).toBeNull()
  })

  it('serves a packshot as one file at every density, like an item picture', () => {
    const packshot = '/images/packshot/v2/bar.svg?c=f2c230-ffffff-1f2937&s=400g&n=Mild%20cheddar'
    expect(categoryImages(packshot)).toEqual({
      originals: packshot,
      mdpi_1x: packshot,
      xhdpi_2x: packshot,
      xxhdpi_3x: packshot,
      width: 160,
      height: 160,
    })
  })
})
