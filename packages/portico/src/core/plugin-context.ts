import type { PorticoToolContext } from './tool-context.js'

/** How a user appears in a UI: display name, initials and picture URL (empty when unknown). */
export interface PorticoAvatar {
  name: string
  initials: string
  picture: string
}

/** Who called, from the verified token: what the authenticated modes add to the context. */
export interface PorticoCaller {
  /** User identifier: the token's `sub` claim. */
  uid: string
  /** The user's e-mail, or an empty string. */
  email: string
  /** Organisations the user belongs to. */
  orgs: string[]
  avatar: PorticoAvatar
  /** The raw bearer token, for calling downstream APIs on the user's behalf. */
  token: string
  /**
   * The scopes the token grants: its `scope` claim (space-separated) and its `scp` claim (a
   * string, or an array as some providers send), deduplicated. A tool tagged `@scope` is only
   * called when they hold each of its scopes; a tool can read them to narrow what it does.
   */
  scopes: string[]
}

/**
 * The second parameter of every tool method when the plugin authenticates (`portico-hub` or
 * `custom`): the caller, and what a method can do with its client. In mode `anon` the second
 * parameter is a {@link PorticoToolContext}, without the caller.
 *
 * @example
 * import type { PorticoPluginContext } from 'portico'
 * export class Notes {
 *   async mine(_input: Record<string, never>, ctx: PorticoPluginContext) { return store.byOwner(ctx.uid) }
 * }
 */
export interface PorticoPluginContext extends PorticoCaller, PorticoToolContext {}
