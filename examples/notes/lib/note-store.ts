import { type Note, NoteStatus } from './note-types.js'

/** The notes, in memory, seeded with a few samples; shared by every tool class. */
export const notes = new Map<string, Note>()

let lastId = 0

/** A new note id, `n1`, `n2`, … */
export function nextNoteId(): string {
  lastId += 1
  return `n${lastId}`
}

function seed(title: string, body: string, tags: string[], status: NoteStatus): void {
  const at = new Date('2026-11-01T09:00:00Z')
  const id = nextNoteId()
  notes.set(id, {
    id,
    title,
    body,
    tags,
    priority: 'normal',
    status,
    reminder: null,
    createdAt: at,
    updatedAt: at,
  })
}

seed('Groceries', 'Oat milk, lemons, rye bread.', ['home', 'shopping'], NoteStatus.Active)
seed('Release checklist', 'Tag, build, publish, announce.', ['work'], NoteStatus.Active)
seed(
  'Trip ideas',
  'Lisbon in spring; the coast road to Porto.',
  ['travel', 'home'],
  NoteStatus.Draft,
)
