interface Author {
  name: string
  email: string
}

interface Item {
  id: string
  title: string
  tags: string[]
  author: Author
  createdAt: Date
  score: number | null
}

/** What a store keeps beside what the tool declares: the shaping drops it. */
interface StoredItem extends Item {
  revision: number
  author: Author & { passwordHash: string }
}

const stored: StoredItem[] = Array.from({ length: 50 }, (_, index) => ({
  id: `item-${index}`,
  title: `Item number ${index}`,
  tags: ['alpha', 'beta', `tag-${index % 7}`],
  author: { name: `Author ${index % 5}`, email: `a${index % 5}@example.com`, passwordHash: 'x' },
  createdAt: new Date(Date.UTC(2026, 0, 1 + (index % 28), 12)),
  score: index % 4 === 0 ? null : index / 3,
  revision: index,
}))

/** A catalog. */
export class Catalog {
  /** The 50 items of the catalog. */
  async items(): Promise<{ items: Item[] }> {
    return { items: stored }
  }
}
