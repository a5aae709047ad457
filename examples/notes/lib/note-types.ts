/** How urgent a note is. */
export type Priority = 'low' | 'normal' | 'high'

/** Where a note is in its life. */
export enum NoteStatus {
  Draft = 'draft',
  Active = 'active',
  Archived = 'archived',
}

/** A reminder attached to a note. */
export interface Reminder {
  /** When to remind, as an ISO 8601 date-time. */
  at: Date
  /** How to deliver the reminder. */
  channel: 'email' | 'push'
}

/** A short note. */
export interface Note {
  /** Stable identifier, e.g. `n1`. */
  id: string
  title: string
  /** Markdown text. */
  body: string
  /** Lower-case tags, without `#`. */
  tags: string[]
  priority: Priority
  status: NoteStatus
  /** The reminder, or null when none is set. */
  reminder: Reminder | null
  createdAt: Date
  updatedAt: Date
}

/** One page of a longer list. */
export interface Page<T> {
  items: T[]
  /** Pass as `cursor` to get the next page; null on the last page. */
  nextCursor: string | null
  /** How many items match in all. */
  total: number
}
