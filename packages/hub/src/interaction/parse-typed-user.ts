import { SLUG_PATTERN } from '../hub-audience.js'
import { type HubUser, USERNAME_PATTERN } from '../hub-users.js'

/** The longest display name accepted from the form. */
const MAX_NAME_LENGTH = 100
/** The most organisations a typed user may belong to. */
const MAX_ORGS = 20

/** A user typed into the login form, or what is wrong with the input. */
export type TypedUser = { ok: true; user: HubUser } | { ok: false; reason: string }

/**
 * Reads the typed-user form: `username` (required), `name` (optional) and `orgs`, a
 * comma-separated list of organisation slugs.
 */
export function parseTypedUser(fields: URLSearchParams): TypedUser {
  const username = (fields.get('username') ?? '').trim()
  if (!USERNAME_PATTERN.test(username)) {
    return {
      ok: false,
      reason:
        'The username must be 1 to 64 characters: lowercase letters, digits, ".", "_" or "-", starting with a letter or digit.',
    }
  }
  const name = (fields.get('name') ?? '').trim()
  if (name.length > MAX_NAME_LENGTH || /\p{Cc}/u.test(name)) {
    return {
      ok: false,
      reason: `The name must be at most ${MAX_NAME_LENGTH} printable characters.`,
    }
  }
  const orgs = [
    ...new Set(
      (fields.get('orgs') ?? '')
        .split(',')
        .map((org) => org.trim())
        .filter((org) => org !== ''),
    ),
  ]
  const badOrg = orgs.find((org) => !SLUG_PATTERN.test(org))
  if (badOrg !== undefined) {
    return {
      ok: false,
      reason: `"${badOrg}" is not an organisation slug: lowercase letters, digits and "-", starting with a letter or digit, at most 63 characters.`,
    }
  }
  if (orgs.length > MAX_ORGS) {
    return { ok: false, reason: `A user may belong to at most ${MAX_ORGS} organisations.` }
  }
  return { ok: true, user: { username, ...(name === '' ? {} : { name }), orgs } }
}
