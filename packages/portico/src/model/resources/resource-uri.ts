/** The longest resource URI read or matched: a hostile URI costs no more than this. */
export const MAX_RESOURCE_URI_LENGTH = 2048

/**
 * The URI of a file of `resources/`: `<scheme>://` and its path without the last extension,
 * each segment percent-encoded, in the form `new URL` gives it (so that a URI a client read
 * from a list, or wrote by hand, compares equal once normalised). Undefined when no URL parses
 * from it.
 *
 * @example
 * resourceUriOf('notes', 'guides/setup.md') // 'notes://guides/setup'
 */
export function resourceUriOf(scheme: string, path: string): string | undefined {
  const segments = path.split('/')
  const last = segments.pop() ?? ''
  const dot = last.lastIndexOf('.')
  segments.push(dot > 0 ? last.slice(0, dot) : last)
  return normalizeResourceUri(`${scheme}://${segments.map(encodeURIComponent).join('/')}`)
}

/**
 * A resource URI as `new URL` writes it (lower-case scheme, dot segments resolved), or
 * undefined when it is no URI or longer than {@link MAX_RESOURCE_URI_LENGTH}: every lookup
 * compares normalised URIs, on every surface.
 */
export function normalizeResourceUri(uri: string): string | undefined {
  if (uri.length > MAX_RESOURCE_URI_LENGTH || !URL.canParse(uri)) return undefined
  return new URL(uri).href
}
