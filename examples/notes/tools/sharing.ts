import { notes } from '../lib/note-store.js'

/** Who may read a published note. */
export type Audience = 'team' | 'public'

/** Share notes outside the app. */
export class Sharing {
  /**
   * Publish a note to the sharing service and return its public link. Fails unless the service
   * is configured with `NOTES_PUBLISH_URL`.
   * @title Publish note
   * @openWorld
   */
  async publish(input: {
    /** The note's id. */
    id: string
    audience: Audience
  }): Promise<{ url: string; audience: Audience }> {
    const base = process.env.NOTES_PUBLISH_URL
    if (!base) throw new Error('Publishing is not configured: set NOTES_PUBLISH_URL')
    if (!notes.has(input.id)) throw new Error(`No note with id ${input.id}`)
    return {
      url: `${base.replace(/\/$/, '')}/${input.audience}/${input.id}`,
      audience: input.audience,
    }
  }
}
