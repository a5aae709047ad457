/** What a URI scheme of the plugin's resources may be (RFC 3986 §3.1, lower case only). */
export const resourceSchemePattern = /^[a-z][a-z0-9+.-]{0,31}$/

/**
 * Schemes a plugin's resources may not take: Portico's own (`ui://` widgets, `skill://` skill
 * files), and the URL standard's special schemes and `data`, whose URIs name something else than
 * a resource of this server (and whose hosts `new URL` rewrites).
 */
export const RESERVED_RESOURCE_SCHEMES: ReadonlySet<string> = new Set([
  'ui',
  'skill',
  'http',
  'https',
  'file',
  'data',
  'ftp',
  'ws',
  'wss',
])

/**
 * The default scheme of a plugin's resources: its npm name without the scope, lowercased, each
 * character a scheme cannot hold turned into `-`; `plugin-` goes in front of a name that does
 * not start with a letter, and `-plugin` after a reserved one.
 *
 * @example
 * defaultResourceScheme('@acme/Notes_Plugin') // 'notes-plugin'
 */
export function defaultResourceScheme(pluginName: string): string {
  const bare = pluginName.replace(/^@[^/]*\//, '').toLowerCase()
  let scheme = bare.replace(/[^a-z0-9+.-]/g, '-').slice(0, 32)
  if (!/^[a-z]/.test(scheme)) scheme = `plugin-${scheme}`.slice(0, 32)
  if (RESERVED_RESOURCE_SCHEMES.has(scheme)) scheme = `${scheme}-plugin`
  return scheme.replace(/-+$/, '') || 'plugin'
}
