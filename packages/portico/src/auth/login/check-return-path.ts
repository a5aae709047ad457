/** A return path that passed {@link checkReturnPath}, or why it did not. */
export type ReturnPathCheck = { ok: true; path: string } | { ok: false; detail: string }

/** Long enough for any page of the docs site, short enough for a cookie. */
const MAX_LENGTH = 2048

/**
 * Checks where a login may send the browser back to: only a path on `origin` itself, so the
 * login is no open redirect. It must start with a single `/` (`//host` and `/\host` name
 * another host), hold no control character (URL parsers drop tabs and newlines, which turns
 * `/\t/host` into `//host`), and still resolve to `origin`. A fragment (`/#/tools/x`, the docs
 * site's routes) is kept. Absent or empty: `/`.
 *
 * @example
 * import { checkReturnPath } from './check-return-path.js'
 * checkReturnPath('/#/tools/Notes_list', 'https://notes.example.com') // { ok: true, path: '/#/tools/Notes_list' }
 * checkReturnPath('//evil.example', 'https://notes.example.com').ok // false
 */
export function checkReturnPath(value: string | null, origin: string): ReturnPathCheck {
  if (value === null || value === '') return { ok: true, path: '/' }
  if (value.length > MAX_LENGTH) {
    return refuse(`return_to is longer than ${MAX_LENGTH} characters`)
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds.
  if (/[\u0000-\u001f\u007f]/.test(value)) return refuse('return_to holds a control character')
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return refuse(
      `return_to must be a path on this site starting with a single "/", got ${JSON.stringify(value)}`,
    )
  }
  const resolved = new URL(value, origin)
  if (resolved.origin !== origin) return refuse('return_to must stay on this site')
  return { ok: true, path: `${resolved.pathname}${resolved.search}${resolved.hash}` }
}

function refuse(detail: string): ReturnPathCheck {
  return { ok: false, detail }
}
