import { type Item, stored } from '../lib/items.js'

/** A catalog. */
export class Catalog {
  /** The 50 items of the catalog. */
  async items(): Promise<{ items: Item[] }> {
    return { items: stored }
  }
}
