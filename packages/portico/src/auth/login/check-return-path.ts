/** A return path that passed {@link checkReturnPath}, or why it did not. */
export type ReturnPathCheck = { ok: true; path: string } | { ok: false; detail: string }

/** Long enough for any page of the docs site, short enough for a cookie. */
const MAX_LENGTH = 2048

/**
 * Checks where a login may send the browser back to: only a path on `origin` itself, so the
 * login is no open redirect (RFC 9700 §4.11.1). It must start with a single `/` (`//host` and
 * `/\host` name another host), hold no control character (URL parsers drop tabs and newlines,
 * which turns `/\t/host` into `//host`), and resolve to a path on `origin` that starts with a
 * single `/` too. The path returned is that resolved form, which a browser resolves to itself.
 * A fragment (`/#/tools/x`, the docs site's routes) is kept. Absent or empty: `/`.
 *
 * @example
 * import { checkReturnPath } from './check-return-path.js'
 * checkReturnPath('/#/tools/Notes_list', 'https://notes.example.com') // { ok: true, path: '/#/tools/Notes_list' }
 * checkReturnPath('//evil.example', 'https://notes.example.com').ok // false
 * checkReturnPath('/..//evil.example', 'https://notes.example.com').ok // false
 */
export function checkReturnPath(value: string | null, origin: string): ReturnPathCheck {
  if (value === null || value === '') return { ok: true, path: '/' }
  if (value.length > MAX_LENGTH) {
    return refuse(`return_to is longer than ${MAX_LENGTH} characters`)
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds.
  if (/[\u0000-\u001f\u007f]/.test(value)) return refuse('return_to holds a control character')
  if (!isSingleSlashPath(value)) {
    return refuse(
      `return_to must be a path on this site starting with a single "/", got ${JSON.stringify(value)}`,
    )
  }
  const own = new URL(origin)
  const resolved = new URL(value, own)
  const path = `${resolved.pathname}${resolved.search}${resolved.hash}`
  // Dot segments, `\` and `%2e` are resolved only now: `/..//host`, `/.\/host` and
  // `/%2e%2e//host` all become `//host`, which the browser would read as another host.
  if (resolved.origin !== own.origin || !isSingleSlashPath(path)) {
    return refuse(
      `return_to must stay on this site, but ${JSON.stringify(value)} resolves to ${JSON.stringify(path)}`,
    )
  }
  return { ok: true, path }
}

/** `/…`, but neither `//…` nor `/\…`, which a browser reads as a host (WHATWG URL). */
function isSingleSlashPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\')
}

function refuse(detail: string): ReturnPathCheck {
  return { ok: false, detail }
}
