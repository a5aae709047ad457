/** The audience of every token the hub issues without a resource indicator (the test tier's). */
export const PORTICO_HUB_AUDIENCE = 'urn:portico:hub:test'

/** The scope every `portico-hub` plugin requires. */
export const PORTICO_HUB_SCOPE = 'portico-hub-test'

/** What an access token for any of the hub's resources may carry, filtered by what was asked for. */
export const RESOURCE_SCOPE = `${PORTICO_HUB_SCOPE} profile email`

/** An organisation or app name in a per-plugin audience, and in `portico_deploy`. */
export const SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{0,62}$/

const PLUGIN_URN_PREFIX = 'urn:portico:hub:'

/** The `aud` of the tokens for one resource, or why the hub issues none for it. */
export type ResourceAudience =
  | { ok: true; audience: string | [string, string] }
  | { ok: false; reason: string }

/**
 * The audience rules of the hub (RFC 8707 resource indicators, RFC 9068 §3):
 *
 * - no `resource` in the request: the default resource {@link PORTICO_HUB_AUDIENCE}, so
 *   `aud: "urn:portico:hub:test"`, which every `portico-hub` plugin accepts in the test tier;
 * - `urn:portico:hub:<org>:<app>`: that urn alone, a per-plugin audience that no other plugin
 *   accepts (org and app match {@link SLUG_PATTERN});
 * - an http(s) URL, which is what MCP clients send (the plugin's RFC 9728 `resource`):
 *   `aud: ["urn:portico:hub:test", "<that URL>"]`, so the plugin accepts it by either name;
 * - anything else: refused with `invalid_target`.
 */
export function audienceForResource(resource: string): ResourceAudience {
  if (resource === PORTICO_HUB_AUDIENCE) return { ok: true, audience: resource }
  if (resource.startsWith(PLUGIN_URN_PREFIX)) {
    const [org = '', app = '', ...rest] = resource.slice(PLUGIN_URN_PREFIX.length).split(':')
    if (rest.length === 0 && SLUG_PATTERN.test(org) && SLUG_PATTERN.test(app)) {
      return { ok: true, audience: resource }
    }
    return {
      ok: false,
      reason: `resource ${resource} is not urn:portico:hub:<org>:<app> with org and app matching ${SLUG_PATTERN.source}`,
    }
  }
  const url = URL.parse(resource)
  if (url !== null && (url.protocol === 'https:' || url.protocol === 'http:')) {
    return { ok: true, audience: [PORTICO_HUB_AUDIENCE, resource] }
  }
  return {
    ok: false,
    reason: `resource ${resource} is none the hub issues tokens for: use ${PORTICO_HUB_AUDIENCE}, urn:portico:hub:<org>:<app> or an http(s) URL`,
  }
}

/**
 * `<org>/<app>` of a per-plugin audience `urn:portico:hub:<org>:<app>`, or undefined for any
 * other resource. A token for it is accepted by that plugin alone.
 */
export function pluginOfResource(resource: string): string | undefined {
  if (!resource.startsWith(PLUGIN_URN_PREFIX)) return undefined
  const [org = '', app = '', ...rest] = resource.slice(PLUGIN_URN_PREFIX.length).split(':')
  return rest.length === 0 && SLUG_PATTERN.test(org) && SLUG_PATTERN.test(app)
    ? `${org}/${app}`
    : undefined
}
