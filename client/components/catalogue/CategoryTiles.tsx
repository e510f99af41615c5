import type { CategoryNode } from '../../../schemas/catalogue.ts'
import { categoryHref } from '../../lib/catalogue-links.ts'
import { ItemImage } from './ItemImage.tsx'
import { useCount } from '../../lib/page-text.ts'

/** Categories as tiles with their picture and how many items each has. */
export function CategoryTiles({
  storeSlug,
  categories,
  label,
}: {
  storeSlug: string
  categories: ReadonlyArray<
    Pick<CategoryNode, 'id' | 'slug' | 'name' | 'images'> & { itemCount?: number }
  >
  label: string
}) {
  const count = useCount()
  return (
    <ul aria-label={label} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
      {categories.map((category) => (
        <li key={category.id}>
          <a
            href={categoryHref(storeSlug, category.slug)}
            className="flex h-full flex-col items-center gap-2 rounded-2xl bg-white p-3 text-center shadow-sm ring-1 ring-black/10 hover:ring-primary"
          >
            {category.images ? (
              <ItemImage
                images={category.images}
                alt=""
                className="aspect-square w-20 rounded-xl object-contain"
              />
            ) : null}
            <span className="text-sm font-semibold">{category.name}</span>
            {category.itemCount !== undefined ? (
              <span className="text-xs text-ink/75">{count('items', category.itemCount)}</span>
            ) : null}
          </a>
        </li>
      ))}
    </ul>
  )
}
