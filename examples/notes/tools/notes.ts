import { PorticoError } from 'portico'
import { nextNoteId, notes } from '../lib/note-store.js'
import {
  type Note,
  NoteStatus,
  type Page,
  type Priority,
  type Reminder,
} from '../lib/note-types.js'

/** What a new note needs. */
export interface CreateNoteInput {
  /**
   * Short title shown in lists.
   * @minLength 1
   * @maxLength 200
   * @example "Call the plumber"
   */
  title: string
  /** Markdown text. */
  body?: string
  /**
   * Tags, lower case, without `#`.
   * @maxItems 20
   */
  tags?: string[]
  /** @default "normal" */
  priority?: Priority
  reminder?: Reminder
}

/** Which notes to list. */
export interface ListNotesInput {
  status?: NoteStatus
  /** Only notes carrying this tag. */
  tag?: string
  /**
   * Page size.
   * @integer
   * @minimum 1
   * @maximum 100
   * @default 20
   */
  limit?: number
  /** The `nextCursor` of the previous page. */
  cursor?: string
}

/** Which note. */
export interface NoteRef {
  /** The note's id, e.g. `n1`. */
  id: string
}

/** Fields to change; the others stay as they are. */
export interface NotePatch {
  title?: string
  body?: string
  tags?: string[]
  priority?: Priority
  status?: NoteStatus
  /** A new reminder, or null to clear it. */
  reminder?: Reminder | null
}

/** A search hit with its relevance. */
export interface SearchMatch {
  note: Note
  /** Higher is better; title hits count twice. */
  score: number
}

/** Keep and find short notes. */
export class Notes {
  /**
   * Create a note. It starts active, with priority normal unless given.
   * @title Create note
   */
  async create(input: CreateNoteInput): Promise<Note> {
    const now = new Date()
    const note: Note = {
      id: nextNoteId(),
      title: input.title,
      body: input.body ?? '',
      tags: normaliseTags(input.tags ?? []),
      priority: input.priority ?? 'normal',
      status: NoteStatus.Active,
      reminder: input.reminder ?? null,
      createdAt: now,
      updatedAt: now,
    }
    notes.set(note.id, note)
    return note
  }

  /**
   * List notes, newest first, a page at a time.
   * @title List notes
   * @readOnly
   */
  async list(input: ListNotesInput): Promise<Page<Note>> {
    const matching = [...notes.values()]
      .filter((note) => input.status === undefined || note.status === input.status)
      .filter((note) => input.tag === undefined || note.tags.includes(input.tag))
      .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime() || b.id.localeCompare(a.id))
    const start = input.cursor ? Number.parseInt(input.cursor, 10) || 0 : 0
    const limit = input.limit ?? 20
    const items = matching.slice(start, start + limit)
    const next = start + limit
    return {
      items,
      nextCursor: next < matching.length ? String(next) : null,
      total: matching.length,
    }
  }

  /**
   * Get one note by id.
   * @title Get note
   * @readOnly
   */
  async get(input: NoteRef): Promise<Note> {
    return findNote(input.id)
  }

  /**
   * Change some fields of a note.
   * @title Update note
   * @idempotent
   */
  async update(input: NoteRef & { patch: NotePatch }): Promise<Note> {
    const note = findNote(input.id)
    const { tags, ...rest } = input.patch
    const updated: Note = {
      ...note,
      ...rest,
      ...(tags ? { tags: normaliseTags(tags) } : {}),
      updatedAt: new Date(),
    }
    notes.set(updated.id, updated)
    return updated
  }

  /**
   * Delete a note for good.
   * @title Delete note
   * @destructive
   * @idempotent
   */
  async remove(input: NoteRef): Promise<{ deleted: boolean }> {
    return { deleted: notes.delete(input.id) }
  }

  /**
   * Search titles and bodies for words, best match first.
   * @title Search notes
   * @readOnly
   */
  async search(input: {
    /**
     * Words to look for, case-insensitive.
     * @minLength 1
     */
    query: string
    /** Where to look; both by default. */
    fields?: ('title' | 'body')[]
  }): Promise<{ matches: SearchMatch[] }> {
    const words = input.query.toLowerCase().split(/\s+/).filter(Boolean)
    const fields = input.fields ?? ['title', 'body']
    const matches: SearchMatch[] = []
    for (const note of notes.values()) {
      let score = 0
      for (const word of words) {
        if (fields.includes('title') && note.title.toLowerCase().includes(word)) score += 2
        if (fields.includes('body') && note.body.toLowerCase().includes(word)) score += 1
      }
      if (score > 0) matches.push({ note, score })
    }
    matches.sort((a, b) => b.score - a.score || a.note.id.localeCompare(b.note.id))
    return { matches }
  }
}

function findNote(id: string): Note {
  const note = notes.get(id)
  if (!note) throw new PorticoError('not_found', `No note with id ${id}`)
  return note
}

function normaliseTags(tags: string[]): string[] {
  return [...new Set(tags.map((tag) => tag.trim().replace(/^#/, '').toLowerCase()).filter(Boolean))]
}
