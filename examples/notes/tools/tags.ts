import { notes } from '../lib/note-store.js'

/** Organise notes by tag. */
export class Tags {
  /**
   * Every tag in use, with how many notes carry it.
   * @title List tags
   * @readOnly
   */
  async list(): Promise<{ counts: Record<string, number> }> {
    const counts: Record<string, number> = {}
    for (const note of notes.values()) {
      for (const tag of note.tags) counts[tag] = (counts[tag] ?? 0) + 1
    }
    return { counts }
  }

  /**
   * Rename a tag on every note that carries it.
   * @title Rename tag
   * @idempotent
   */
  async rename(input: {
    /** The tag to rename. */
    from: string
    /**
     * Its new name: lower case letters, digits and dashes.
     * @pattern ^[a-z0-9-]+$
     */
    to: string
  }): Promise<{ renamed: number }> {
    let renamed = 0
    for (const note of notes.values()) {
      if (!note.tags.includes(input.from)) continue
      note.tags = [...new Set(note.tags.map((tag) => (tag === input.from ? input.to : tag)))]
      renamed += 1
    }
    return { renamed }
  }
}
