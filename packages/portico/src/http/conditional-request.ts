/**
 * A strong validator from size and modification time: `"<size hex>-<mtime ms hex>"`. Cheap (no
 * hashing), and it changes whenever an editor or a build rewrites the file.
 *
 * @example
 * createEtag(1024, 1767225600000) // '"400-19b76daa800"'
 */
export function createEtag(size: number, mtimeMs: number): string {
  return `"${size.toString(16)}-${Math.floor(mtimeMs).toString(16)}"`
}

/**
 * True when a GET or HEAD may answer 304 (RFC 9110 § 13.1.2 and § 13.1.3): `If-None-Match`
 * matches `etag` by weak comparison or is `*`; or, only when there is no `If-None-Match`,
 * `If-Modified-Since` is a valid date not before the file's modification time (HTTP dates have
 * whole seconds, so the time is truncated to the second before comparing). A generated file has
 * no modification time: only its ETag validates it.
 */
export function isNotModified(
  headers: Headers,
  etag: string,
  mtimeMs: number | undefined,
): boolean {
  const ifNoneMatch = headers.get('if-none-match')
  if (ifNoneMatch !== null) return matchesEtag(ifNoneMatch, etag)
  const ifModifiedSince = headers.get('if-modified-since')
  if (ifModifiedSince === null || mtimeMs === undefined) return false
  const since = Date.parse(ifModifiedSince)
  if (Number.isNaN(since)) return false
  return Math.floor(mtimeMs / 1000) * 1000 <= since
}

function matchesEtag(header: string, etag: string): boolean {
  const ours = opaqueTag(etag)
  return header
    .split(',')
    .map((tag) => tag.trim())
    .some((tag) => tag === '*' || opaqueTag(tag) === ours)
}

function opaqueTag(tag: string): string {
  return tag.startsWith('W/') ? tag.slice(2) : tag
}
