/** How a user appears in a UI: display name, initials and picture URL (empty when unknown). */
export interface PorticoAvatar {
  name: string
  initials: string
  picture: string
}

/**
 * The second parameter of every tool method when the plugin authenticates (`portico-hub` or
 * `custom`). In mode `anon` a method receives only its input.
 *
 * @example
 * import type { PorticoPluginContext } from 'portico'
 * export class Notes {
 *   async mine(_input: {}, ctx: PorticoPluginContext) { return store.byOwner(ctx.uid) }
 * }
 */
export interface PorticoPluginContext {
  /** User identifier: the token's `sub` claim. */
  uid: string
  /** The user's e-mail, or an empty string. */
  email: string
  /** Organisations the user belongs to. */
  orgs: string[]
  avatar: PorticoAvatar
  /** The raw bearer token, for calling downstream APIs on the user's behalf. */
  token: string
}
