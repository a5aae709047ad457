// The catalog's records, shared by the tool and by the bare node:http floor that writes the same
// JSON by hand.

export interface Author {
  name: string
  email: string
}

export interface Item {
  id: string
  title: string
  tags: string[]
  author: Author
  createdAt: Date
  score: number | null
}

/** What a store keeps beside what the tool declares: the shaping drops it. */
export interface StoredItem extends Item {
  revision: number
  author: Author & { passwordHash: string }
}

export const stored: StoredItem[] = Array.from({ length: 50 }, (_, index) => ({
  id: `item-${index}`,
  title: `Item number ${index}`,
  tags: ['alpha', 'beta', `tag-${index % 7}`],
  author: { name: `Author ${index % 5}`, email: `a${index % 5}@example.com`, passwordHash: 'x' },
  createdAt: new Date(Date.UTC(2026, 0, 1 + (index % 28), 12)),
  score: index % 4 === 0 ? null : index / 3,
  revision: index,
}))

/** The records as the tool declares them: what the shaping leaves, built by hand. */
export const declared: Item[] = stored.map(({ revision: _revision, author, ...item }) => ({
  ...item,
  author: { name: author.name, email: author.email },
}))
