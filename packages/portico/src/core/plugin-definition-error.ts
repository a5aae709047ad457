/** Where in the plugin a definition mistake sits: a file, and a line or a config key when known. */
export interface DefinitionLocation {
  /** Path of the file, relative to the plugin folder when inside it. */
  file: string
  line?: number
  column?: number
  /** Dotted key path inside a config file, e.g. `limits.bodyBytes`. */
  key?: string
}

/**
 * A developer's mistake in the plugin (bad config, unsupported TypeScript construct, id
 * collision). Thrown while the plugin loads, before the server listens; the message names the
 * place and what is allowed.
 */
export class PluginDefinitionError extends Error {
  readonly location: DefinitionLocation

  constructor(location: DefinitionLocation, message: string) {
    super(`${formatLocation(location)}: ${message}`)
    this.name = 'PluginDefinitionError'
    this.location = location
  }
}

/** `file:line:column` or `file (key a.b)`, as editors and terminals link it. */
export function formatLocation(location: DefinitionLocation): string {
  let text = location.file
  if (location.line !== undefined) {
    text += `:${location.line}`
    if (location.column !== undefined) text += `:${location.column}`
  }
  if (location.key !== undefined) text += ` (key "${location.key}")`
  return text
}
