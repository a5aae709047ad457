import { PorticoError } from './portico-error.js'

/** A request path split into decoded, checked file-name segments. */
export interface PublicPath {
  /** Each segment decoded once; none is empty, a dot-name or holds a separator. */
  segments: string[]
  /** True when the path ends in `/`, so it can only name a directory. */
  trailingSlash: boolean
}

/**
 * Splits a URL pathname on its raw `/` and percent-decodes each segment exactly once, so that
 * `%2f` can never become a separator and `%252e` stays the literal name `%2e`.
 *
 * Throws a `bad_request` {@link PorticoError} for a malformed escape or a NUL byte, and a
 * `not_found` one for any segment that could leave the folder or names a dot-file: we answer 404,
 * never 403, so a probe learns nothing about what exists.
 *
 * @example
 * decodePublicPath('/docs/a%20b.html') // { segments: ['docs', 'a b.html'], trailingSlash: false }
 */
export function decodePublicPath(pathname: string): PublicPath {
  if (!pathname.startsWith('/')) throw notFound(pathname)
  const raw = pathname.slice(1).split('/')
  const trailingSlash = raw.length > 0 && raw[raw.length - 1] === ''
  if (trailingSlash) raw.pop()
  const segments = raw.map((segment) => decodeSegment(segment, pathname))
  for (const segment of segments) {
    if (!isSafeSegment(segment)) throw notFound(pathname)
  }
  return { segments, trailingSlash }
}

/**
 * True when a decoded segment names a plain entry of the current directory. Rejects the empty
 * segment (`//etc/passwd` would otherwise read as absolute, and a `Location` of `//host` is an
 * open redirect), any dot-name (`.`, `..`, `.env`, `.git`), separators of any platform, and `:`
 * (Windows drive letters such as `C:` and alternate data streams such as `a.txt::$DATA`).
 */
export function isSafeSegment(segment: string): boolean {
  if (segment === '' || segment.startsWith('.')) return false
  return !/[/\\:]/.test(segment)
}

function decodeSegment(segment: string, pathname: string): string {
  let decoded: string
  try {
    decoded = decodeURIComponent(segment)
  } catch {
    throw new PorticoError('bad_request', `Malformed percent-encoding in ${pathname}`)
  }
  // A NUL truncates the path in some C APIs; Node throws on it, but we answer before that.
  if (decoded.includes('\0')) {
    throw new PorticoError('bad_request', `NUL byte in ${pathname}`)
  }
  return decoded
}

function notFound(pathname: string): PorticoError {
  return new PorticoError('not_found', `No file at ${pathname}`)
}
